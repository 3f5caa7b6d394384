import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { CartLine } from '../../../contracts/cart';
import { CART_KEY } from '../../features/cart/api/keys';
import { cartLine, cartOf, linenShirt } from '../../test/fixtures';
import { mockApi, renderWithApp } from '../../test/render';
import CartLandingRoute from './cart-landing';

const NOT_FOUND = [404, { error: { code: 'not_found', message: 'Not found.' } }] as const;

/** Three lines of the Linen Shirt, in M (item 7), L (8) and XL (9). */
const threeLines = (): CartLine[] => [
  cartLine(7, 1),
  { ...cartLine(8, 1), size: 'L' },
  { ...cartLine(9, 1), size: 'XL' },
];

/**
 * The cart page over a bag that starts with `start`; DELETE /api/cart/:id takes a line out,
 * answered when `removal` lets it (at once unless given).
 */
function renderLanding(start: CartLine[], removal: () => Promise<void> | void = () => undefined) {
  let lines = start;
  const calls = mockApi(async (method, url) => {
    if (method === 'GET' && url === '/api/cart') return [200, cartOf(lines)];
    const line = /^\/api\/cart\/(\d+)$/.exec(url);
    if (method === 'DELETE' && line) {
      lines = lines.filter((l) => l.itemId !== Number(line[1]));
      const answer = cartOf(lines);
      await removal();
      return [200, answer];
    }
    if (method === 'DELETE' && url === '/api/buy') {
      lines = [];
      return [200, cartOf(lines)];
    }
    return [...NOT_FOUND];
  });
  const rendered = renderWithApp(
    <Routes>
      <Route path="/cartlanding" element={<CartLandingRoute />} />
    </Routes>,
    { path: '/cartlanding' },
  );
  return { calls, ...rendered };
}

const removeButton = (size: string) =>
  screen.getByRole('button', { name: `Remove Linen Shirt, Sage, ${size}` });

describe('the cart page', () => {
  it('keeps showing the cart when reading it again fails', async () => {
    let down = false;
    mockApi((method, url) => {
      if (down) return [500, { error: { code: 'internal', message: 'Something went wrong.' } }];
      return method === 'GET' && url === '/api/cart'
        ? [200, cartOf([cartLine(7, 2)])]
        : [...NOT_FOUND];
    });
    const { queryClient } = renderWithApp(
      <Routes>
        <Route path="/cartlanding" element={<CartLandingRoute />} />
      </Routes>,
      { path: '/cartlanding' },
    );
    await screen.findByRole('list', { name: 'Items in your cart' });

    down = true;
    await act(() => queryClient.refetchQueries({ queryKey: CART_KEY }));

    expect(queryClient.getQueryState(CART_KEY)?.status).toBe('error');
    expect(screen.queryByText('That did not load')).not.toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Items in your cart' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Purchase Items' })).toBeInTheDocument();
  });

  it('keeps Remove focused, and busy, while the line is taken out', async () => {
    let answer: (() => void) | undefined;
    const { calls } = renderLanding(
      threeLines(),
      () => new Promise<void>((resolve) => (answer = resolve)),
    );
    await screen.findByRole('list', { name: 'Items in your cart' });
    const remove = removeButton('L');

    await userEvent.click(remove);
    await waitFor(() => expect(remove).toHaveAttribute('aria-disabled', 'true'));
    expect(remove).toBeEnabled();
    expect(remove).toHaveFocus();
    // A second press meanwhile is not taken.
    await userEvent.click(remove);
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
    answer?.();
    await waitFor(() => expect(remove).not.toBeInTheDocument());
  });

  it('hands focus to the next line, else the one before, else the heading', async () => {
    renderLanding(threeLines());
    await screen.findByRole('list', { name: 'Items in your cart' });

    await userEvent.click(removeButton('L'));
    await waitFor(() => expect(removeButton('XL')).toHaveFocus());

    // The last line goes: the one before it is next.
    await userEvent.click(removeButton('XL'));
    await waitFor(() => expect(removeButton('M')).toHaveFocus());

    // The only line goes: the page's heading, over the empty cart.
    await userEvent.click(removeButton('M'));
    await screen.findByText('Your cart is empty');
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'Shopping Cart' })).toHaveFocus(),
    );
  });

  it('keeps the focus on the size menu when a size the bag holds merges two lines', async () => {
    let lines = threeLines();
    mockApi((method, url) => {
      if (method === 'GET' && url === '/api/cart') return [200, cartOf(lines)];
      if (method === 'GET' && url.endsWith('/product')) return [200, linenShirt()];
      if (method === 'PATCH' && url === '/api/cart/7') {
        // M moved to L, which the bag held: one line of L, two of them.
        lines = lines.filter((l) => l.itemId !== 7).map((l) => ({ ...l, quantity: 2 }));
        return [200, cartOf(lines)];
      }
      return [...NOT_FOUND];
    });
    renderWithApp(
      <Routes>
        <Route path="/cartlanding" element={<CartLandingRoute />} />
      </Routes>,
      { path: '/cartlanding' },
    );
    const size = await screen.findByLabelText('Size of Linen Shirt, Sage, M');
    await waitFor(() => expect(size).toHaveAttribute('aria-busy', 'false'));
    size.focus();
    await userEvent.selectOptions(size, 'L');

    await waitFor(() => expect(size).not.toBeInTheDocument());
    // Not the next line's Remove: the next press there would take the merged line out.
    await waitFor(() =>
      expect(screen.getByLabelText('Size of Linen Shirt, Sage, L')).toHaveFocus(),
    );
  });

  it('gives the focus to the empty cart’s first step once emptied', async () => {
    renderLanding(threeLines());
    await screen.findByRole('list', { name: 'Items in your cart' });

    await userEvent.click(screen.getByRole('button', { name: 'Empty cart' }));
    const dialog = await screen.findByRole('dialog', { name: 'Take everything out of your cart?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Empty cart' }));

    await screen.findByText('Your cart is empty');
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'See your favorites' })).toHaveFocus(),
    );
  });
});
