import { CHATBOT_SEARCH_MAX } from '@parley/shared/contracts/chatbots';
import { SearchablePicker } from '@/components/form/searchable-picker';
import { chatbotOptionsSource } from '../api/get-chatbot-options';

interface ChatbotPickerProps {
  id: string;
  /** Null: all chatbots. */
  value: string | null;
  onChange: (chatbotId: string | null) => void;
  className?: string;
}

/** All chatbots or one of them, searched by name a page at a time: the analytics filter's and a schedule's choice. */
export function ChatbotPicker({ id, value, onChange, className }: ChatbotPickerProps) {
  return (
    <SearchablePicker
      id={id}
      value={value}
      onChange={onChange}
      source={chatbotOptionsSource}
      noun="chatbots"
      noneLabel="All chatbots"
      missingLabel="A deleted chatbot"
      searchMaxLength={CHATBOT_SEARCH_MAX}
      className={className}
    />
  );
}
