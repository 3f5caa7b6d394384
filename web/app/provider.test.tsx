import { onlineManager, useQuery } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProvider, createQueryClient, trackConnection } from './provider';

function Answer({ ask }: { ask: () => Promise<string> }) {
  const query = useQuery({ queryKey: ['answer'], queryFn: ask, retry: false });
  return <p>{query.data ?? (query.isError ? 'failed' : 'asking')}</p>;
}

afterEach(() => {
  vi.restoreAllMocks();
  onlineManager.setOnline(true);
});

describe('the connection as the queries see it', () => {
  it('asks again, once back online, what failed on a page opened offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    trackConnection();
    let asked = 0;
    const ask = async () => {
      asked += 1;
      if (asked === 1) throw new Error('offline');
      return 'answered';
    };
    render(
      <AppProvider queryClient={createQueryClient()}>
        <Answer ask={ask} />
      </AppProvider>,
    );
    expect(await screen.findByText('failed')).toBeInTheDocument();

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });

    expect(await screen.findByText('answered')).toBeInTheDocument();
    expect(asked).toBe(2);
  });
});
