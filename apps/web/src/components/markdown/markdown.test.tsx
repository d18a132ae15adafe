import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Markdown } from './markdown';

describe('Markdown', () => {
  it('shows bold, italic, code, lists and links as formatted content', () => {
    const { container } = render(
      <Markdown
        text={
          'You have **30 days** to *return* it.\n\n1. Open `Orders`\n2. Choose Return\n   - print the label\n\n- Help: [help centre](https://help.example.com)'
        }
      />,
    );
    expect(container.querySelector('strong')).toHaveTextContent('30 days');
    expect(container.querySelector('em')).toHaveTextContent('return');
    expect(container.querySelector('code')).toHaveTextContent('Orders');
    const numbered = container.querySelector('ol')!;
    expect(numbered.querySelectorAll(':scope > li')).toHaveLength(2);
    expect(numbered.querySelector('ul li')).toHaveTextContent('print the label');
    const link = screen.getByRole('link', { name: 'help centre' });
    expect(link).toHaveAttribute('href', 'https://help.example.com');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  });

  it('numbers a list from its first number', () => {
    const { container } = render(<Markdown text={'3. third\n4. fourth'} />);
    expect(container.querySelector('ol')).toHaveAttribute('start', '3');
  });

  it('shows HTML and a javascript: link as inert text', () => {
    const { container } = render(<Markdown text={'<script>alert(1)</script> <img src=x onerror="alert(1)">\n\n[click me](javascript:alert(1))'} />);
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('a')).toBeNull();
    expect(container).toHaveTextContent('<script>alert(1)</script> <img src=x onerror="alert(1)">');
    expect(container).toHaveTextContent('[click me](javascript:alert(1))');
  });

  it('shows fenced code as it is', () => {
    const { container } = render(<Markdown text={'```sh\nnpm run **build**\n```'} />);
    expect(container.querySelector('pre code')).toHaveTextContent('npm run **build**');
  });

  it('puts the trailing element at the end of the last paragraph', () => {
    const { container } = render(<Markdown text={'First\n\nLast'} trailing={<span data-testid="cursor" />} />);
    expect(screen.getByTestId('cursor').parentElement).toBe(container.querySelectorAll('p')[1]);
  });
});
