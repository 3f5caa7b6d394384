import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type Cart, type CartLine, CartSchema } from '../../../../contracts/cart';
import { fromContract } from '../../../test/api-contracts';
import { cartLine } from '../../../test/fixtures';
import { mockApi, renderWithApp } from '../../../test/render';
import { CART_KEY } from '../api/keys';
import { CartToggle } from './cart-toggle';

function cart(lines: CartLine[]): Cart {
  const units = lines.reduce((n, l) => n + l.quantity, 0);
  return fromContract(CartSchema, {
    lines,
    units,
    subtotalCents: 0,
    subtotal: '',
    shippingCents: 0,
    shipping: '',
    totalCents: 0,
    total: '',
    arrival: { from: '2026-11-21', to: '2026-11-23', text: 'Arrives: Nov 21-23' },
  });
}

describe('CartToggle', () => {
  it('reads Buy or Del from the server cart and flips on each click', async () => {
    let current = cart([]);
    const calls = mockApi((method, url, body) => {
      if (method === 'POST' && url === '/api/cart') {
        current = cart([cartLine(7, (body as { quantity: number }).quantity)]);
      } else if (method === 'DELETE' && url === '/api/cart/7') {
        current = cart([]);
      }
      return [200, current];
    });
    renderWithApp(<CartToggle itemId={7} itemName="Linen Shirt" quantity={3} />);

    const button = await screen.findByRole('button', { name: 'Buy Linen Shirt' });
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'false'));
    await userEvent.click(button);
    expect(
      await screen.findByRole('button', { name: 'Del: take Linen Shirt out of the cart' }),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ itemId: 7, quantity: 3 });
    // All the shopper wanted went in: nothing to say beyond the label's flip.
    expect(screen.queryByText(/ left: /)).not.toBeInTheDocument();

    await userEvent.click(
      screen.getByRole('button', { name: 'Del: take Linen Shirt out of the cart' }),
    );
    expect(await screen.findByRole('button', { name: 'Buy Linen Shirt' })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });

  it('says so when stock lets Buy put in fewer than the shopper wants', async () => {
    let current = cart([]);
    const calls = mockApi((method, url, body) => {
      if (method === 'POST' && url === '/api/cart') {
        current = cart([cartLine(7, (body as { quantity: number }).quantity)]);
      }
      return [200, current];
    });
    renderWithApp(<CartToggle itemId={7} itemName="Chelsea Boot" quantity={2} wanted={9} />);
    const button = await screen.findByRole('button', { name: 'Buy Chelsea Boot' });
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'false'));
    await userEvent.click(button);
    expect(
      await screen.findByText('Only 2 left: 2 of the 9 you want went in your bag.'),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ itemId: 7, quantity: 2 });
  });

  it('shows Del for a piece already in the cart, and ignores clicks while one is saving', async () => {
    let resolve: (() => void) | undefined;
    const calls: string[] = [];
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push(`${method} ${String(input)}`);
      if (method === 'DELETE') await new Promise<void>((r) => (resolve = r));
      const body = method === 'DELETE' ? cart([]) : cart([cartLine(9, 2)]);
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }) as typeof fetch;
    renderWithApp(<CartToggle itemId={9} />);

    const button = await screen.findByRole('button', { name: 'Del' });
    await userEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    await userEvent.click(button);
    await userEvent.click(button);
    expect(calls.filter((c) => c.startsWith('DELETE'))).toHaveLength(1);
    resolve?.();
    expect(await screen.findByRole('button', { name: 'Buy' })).toBeInTheDocument();
  });

  it('asks for the size instead of buying when the shopper has not chosen one', async () => {
    const calls = mockApi(() => [200, cart([])]);
    let asked = 0;
    renderWithApp(
      <CartToggle itemId={7} itemName="Linen Shirt" onChooseSize={() => (asked += 1)} />,
    );
    const button = await screen.findByRole('button', { name: 'Buy Linen Shirt: choose a size' });
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'false'));
    expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    await userEvent.click(button);
    expect(asked).toBe(1);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('says what went wrong when the server refuses', async () => {
    mockApi((method) =>
      method === 'POST'
        ? [409, { error: { code: 'conflict', message: 'Linen Shirt (Sage, M) is sold out.' } }]
        : [200, cart([])],
    );
    renderWithApp(<CartToggle itemId={4} />);
    const button = await screen.findByRole('button', { name: 'Buy' });
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'false'));
    await userEvent.click(button);
    expect(await screen.findByText('Linen Shirt (Sage, M) is sold out.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Buy' })).toBeInTheDocument();
  });

  it('still buys once the cart is known, when reading it again has failed', async () => {
    let down = false;
    const calls = mockApi((method) => {
      if (method === 'POST') return [200, cart([cartLine(7, 1)])];
      if (down) return [500, { error: { code: 'internal', message: 'Something went wrong.' } }];
      return [200, cart([])];
    });
    const { queryClient } = renderWithApp(<CartToggle itemId={7} itemName="Linen Shirt" />);
    const button = await screen.findByRole('button', { name: 'Buy Linen Shirt' });
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'false'));

    down = true;
    await act(() => queryClient.refetchQueries({ queryKey: CART_KEY }));

    await userEvent.click(button);
    expect(
      await screen.findByRole('button', { name: 'Del: take Linen Shirt out of the cart' }),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });
});
