import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DesignItemGroupSchema } from '../../../../contracts/design';
import { fromContract } from '../../../test/api-contracts';
import { catalogItem } from '../../../test/fixtures';
import { stubLayoutObservers } from '../../../test/layout-stubs';
import { mockApi, renderWithApp } from '../../../test/render';
import { CategoryCarousel } from './category-carousel';

beforeAll(stubLayoutObservers);
afterAll(() => vi.unstubAllGlobals());

const top = (id: number, name: string) => catalogItem(id, name);

describe('CategoryCarousel', { timeout: 30_000 }, () => {
  it('asks for a failed next page once, keeps the pieces loaded, and asks again on Try again', async () => {
    const calls = mockApi((_method, url) => {
      if (!new URL(url, 'http://drape.test').searchParams.has('cursor')) {
        const page = fromContract(DesignItemGroupSchema, {
          category: { id: 1, name: 'Tops', slot: 'top' },
          items: [top(1, 'Linen Shirt'), top(2, 'Silk Blouse')],
          total: 3,
          colors: ['Black'],
          nextCursor: 'next',
        });
        return [200, [page]];
      }
      return [500, { error: { code: 'internal', message: 'Something went wrong.' } }];
    });
    const nextPages = () => calls.filter((c) => c.url.includes('cursor=')).length;
    renderWithApp(<CategoryCarousel slot="top" selectedId={undefined} onPick={() => undefined} />);

    const tops = await screen.findByRole('region', { name: 'Tops' });
    // The carousel shows its end at once in jsdom, so it asks for the next page on its own.
    await within(tops).findByText('More pieces could not be loaded.');
    // An effect of that failure's render asking again would have reached the server by the next
    // task: nothing is put off by a timer.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(nextPages()).toBe(1);
    expect(within(tops).getByRole('button', { name: /^Linen Shirt,/ })).toBeInTheDocument();
    expect(within(tops).getByRole('button', { name: /^Silk Blouse,/ })).toBeInTheDocument();

    await userEvent.click(within(tops).getByRole('button', { name: 'Try again' }));
    await vi.waitFor(() => expect(nextPages()).toBe(2));
  });
});
