import type { AdminStats } from '@parley/shared/contracts/admin-dashboard';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AdminStatCards } from './admin-stat-cards';

const stats = (change: Partial<AdminStats>): AdminStats => ({
  totalUsers: 12,
  userGrowth: 50,
  totalChatbots: 4,
  chatbotGrowth: -25,
  monthlyRevenue: 290,
  revenueGrowth: 0,
  systemUptime: 99.5,
  monthlyConversations: 10,
  ...change,
});

const card = (title: string) => screen.getByText(title).closest('[data-slot=card]') as HTMLElement;

describe('the admin dashboard stat cards', () => {
  it('say "New" where the month before had nothing, never "+100%"', () => {
    render(<AdminStatCards isLoading={false} stats={stats({ userGrowth: null, chatbotGrowth: null, revenueGrowth: null })} />);
    for (const title of ['Total Users', 'Active Chatbots', 'Monthly Revenue']) {
      expect(within(card(title)).getByText('New')).toBeTruthy();
      expect(card(title).textContent).toContain('none last month');
      expect(card(title).textContent).not.toContain('%');
    }
  });

  it('give the change in percent when there is a month to compare with', () => {
    render(<AdminStatCards isLoading={false} stats={stats({})} />);
    expect(card('Total Users').textContent).toContain('+50%from last month');
    expect(card('Active Chatbots').textContent).toContain('-25%from last month');
    expect(card('Monthly Revenue').textContent).toContain('0%from last month');
    expect(screen.queryByText('New')).toBeNull();
  });

  it('show a dash, not "New", for a figure the install has no source for', () => {
    render(<AdminStatCards isLoading={false} stats={stats({ totalChatbots: null, chatbotGrowth: null })} />);
    expect(card('Active Chatbots').textContent).toContain('——from last month');
    expect(within(card('Active Chatbots')).queryByText('New')).toBeNull();
  });
});
