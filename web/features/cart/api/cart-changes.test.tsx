import type { QueryClient } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { CartLine } from '../../../../contracts/cart';
import { cartLine, cartOf, linenShirt } from '../../../test/fixtures';
import { mockApi, renderWithApp } from '../../../test/render';
import { useProduct } from '../../catalog/api/get-product';
import { CartLineList } from '../components/cart-line-list';
import { useCart } from './get-cart';
import { CART_KEY } from './keys';

/** The cart's lines as the cart page shows them, from the cart query. */
function Bag() {
  const cart = useCart();
  return cart.data ? <CartLineList lines={cart.data.lines} editable /> : null;
}

const NOT_FOUND = [404, { error: { code: 'not_found', message: 'Not found.' } }] as const;

/** The quantities the line's menu lets the shopper choose. */
function choosable(size: string): string[] {
  const select = screen.getByLabelText(`Quantity of Linen Shirt, Sage, ${size}`);
  return [...select.querySelectorAll('option')].filter((o) => !o.disabled).map((o) => o.value);
}

/**
 * Waits until no change or read is under way, and the screen has drawn what they left: TanStack
 * Query tells the components in a task of its own (a zero timeout), queued before this one's.
 */
async function settled(queryClient: QueryClient) {
  await waitFor(() => expect(queryClient.isMutating() + queryClient.isFetching()).toBe(0));
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

/** A promise and the function that settles it, for an answer that comes when the test says. */
function later<T>(): { promise: Promise<T>; settle: (value: T) => void } {
  let settle: (value: T) => void = () => {};
  const promise = new Promise<T>((resolve) => (settle = resolve));
  return { promise, settle };
}

describe('a refused cart change', () => {
  it('reads the cart again, so the quantities offered follow the stock left', async () => {
    let stock = 5;
    mockApi((method, url) => {
      if (method === 'GET' && url === '/api/cart') return [200, cartOf([cartLine(7, 1, stock)])];
      if (method === 'PUT') {
        // Stock fell to 2 since the page was read.
        stock = 2;
        return [409, { error: { code: 'conflict', message: 'Only 2 left.' } }];
      }
      return [...NOT_FOUND];
    });
    renderWithApp(<Bag />);
    await screen.findByLabelText('Quantity of Linen Shirt, Sage, M');
    expect(choosable('M')).toEqual(['1', '2', '3', '4', '5']);

    await userEvent.selectOptions(screen.getByLabelText('Quantity of Linen Shirt, Sage, M'), '4');

    expect(await screen.findByText('Only 2 left.')).toBeInTheDocument();
    await waitFor(() => expect(choosable('M')).toEqual(['1', '2']));
  });

  it('reads the cart again when a line moved elsewhere is gone, so the line goes', async () => {
    let lines: CartLine[] = [cartLine(7, 1), { ...cartLine(9, 1), size: 'S' }];
    mockApi((method, url) => {
      if (method === 'GET' && url === '/api/cart') return [200, cartOf(lines)];
      if (url.endsWith('/product')) return [200, linenShirt()];
      if (method === 'PATCH') {
        // Another tab took the line out first.
        lines = lines.filter((l) => l.itemId !== 7);
        return [404, { error: { code: 'not_found', message: 'That piece is not in your cart.' } }];
      }
      return [...NOT_FOUND];
    });
    renderWithApp(<Bag />);
    const size = await screen.findByLabelText('Size of Linen Shirt, Sage, M');
    await screen.findAllByRole('option', { name: 'L' });

    await userEvent.selectOptions(size, 'L');

    expect(await screen.findByText('That piece is not in your cart.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByLabelText('Size of Linen Shirt, Sage, M')).not.toBeInTheDocument(),
    );
    expect(screen.getByLabelText('Size of Linen Shirt, Sage, S')).toBeInTheDocument();
  });
});

describe('cart changes made one after another', () => {
  it('show the cart of the last change, whichever answer comes first', async () => {
    let lines: CartLine[] = [cartLine(7, 1), { ...cartLine(8, 1), size: 'L' }];
    const slowPut = later<void>();
    const calls = mockApi(async (method, url, body) => {
      if (method === 'GET' && url === '/api/cart') return [200, cartOf(lines)];
      if (method === 'PUT') {
        // Saved at once; its answer is held up on the way back.
        const quantity = (body as { quantity: number }).quantity;
        lines = lines.map((l) => (l.itemId === 7 ? { ...l, quantity } : l));
        const answer = cartOf(lines);
        await slowPut.promise;
        return [200, answer];
      }
      if (method === 'DELETE') {
        lines = lines.filter((l) => l.itemId !== 8);
        return [200, cartOf(lines)];
      }
      return [...NOT_FOUND];
    });
    const { queryClient } = renderWithApp(<Bag />);
    await screen.findByLabelText('Quantity of Linen Shirt, Sage, M');

    await userEvent.selectOptions(screen.getByLabelText('Quantity of Linen Shirt, Sage, M'), '2');
    await userEvent.click(screen.getByRole('button', { name: 'Remove Linen Shirt, Sage, L' }));
    slowPut.settle();

    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    await settled(queryClient);
    expect(screen.queryByLabelText('Quantity of Linen Shirt, Sage, L')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Quantity of Linen Shirt, Sage, M')).toHaveValue('2');
  });

  it('are not overwritten by a read of the cart that was under way', async () => {
    const before = cartOf([cartLine(7, 1), { ...cartLine(8, 1), size: 'L' }]);
    let read: Promise<void> | null = null;
    const slowRead = later<void>();
    mockApi(async (method, url) => {
      if (method === 'GET' && url === '/api/cart') {
        // The first read answers at once; the next is held up, with the cart as it was.
        if (read) await read;
        read = slowRead.promise;
        return [200, before];
      }
      if (method === 'DELETE') return [200, cartOf([cartLine(7, 1)])];
      return [...NOT_FOUND];
    });
    const { queryClient } = renderWithApp(<Bag />);
    await screen.findByLabelText('Quantity of Linen Shirt, Sage, L');

    act(() => void queryClient.invalidateQueries({ queryKey: CART_KEY }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove Linen Shirt, Sage, L' }));
    await waitFor(() =>
      expect(screen.queryByLabelText('Quantity of Linen Shirt, Sage, L')).not.toBeInTheDocument(),
    );
    slowRead.settle();

    await settled(queryClient);
    expect(screen.queryByLabelText('Quantity of Linen Shirt, Sage, L')).not.toBeInTheDocument();
  });
});

describe('a cart change', () => {
  it('has a product sheet opened next read the size remembered from the cart, not one open now', async () => {
    let remembered: string | null = null;
    mockApi((method, url) => {
      if (method === 'GET' && url === '/api/item/7/product') {
        return [200, { ...linenShirt(), rememberedSize: remembered }];
      }
      if (method === 'GET' && url === '/api/cart') return [200, cartOf([cartLine(7, 1)])];
      if (method === 'PUT') {
        remembered = 'M';
        return [200, cartOf([cartLine(7, 2)])];
      }
      return [...NOT_FOUND];
    });
    function Remembered() {
      const product = useProduct(7);
      return product.data ? <p>Remembered: {product.data.rememberedSize ?? 'none'}</p> : null;
    }
    function BagAndSheet() {
      const [open, setOpen] = useState(true);
      return (
        <>
          <Bag />
          <button type="button" onClick={() => setOpen((o) => !o)}>
            Sheet
          </button>
          {open && <Remembered />}
        </>
      );
    }
    const { queryClient } = renderWithApp(<BagAndSheet />);
    expect(await screen.findByText('Remembered: none')).toBeInTheDocument();

    await userEvent.selectOptions(
      await screen.findByLabelText('Quantity of Linen Shirt, Sage, M'),
      '2',
    );
    await settled(queryClient);
    // The sheet open meanwhile keeps what it showed.
    expect(screen.getByText('Remembered: none')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Sheet' }));
    await userEvent.click(screen.getByRole('button', { name: 'Sheet' }));
    expect(await screen.findByText('Remembered: M')).toBeInTheDocument();
  });
});
