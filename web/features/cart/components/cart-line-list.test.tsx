import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { cartLine, cartOf, linenShirt } from '../../../test/fixtures';
import { mockApi, renderWithApp } from '../../../test/render';
import { useCart } from '../api/get-cart';
import { CartLineList } from './cart-line-list';

/** The quantities the line's menu lets the shopper choose. */
async function choosable(): Promise<string[]> {
  const select = await screen.findByLabelText('Quantity of Linen Shirt, Sage, M');
  return [...select.querySelectorAll('option')].filter((o) => !o.disabled).map((o) => o.value);
}

/** The bag's lines as the server's cart has them. */
function Bag() {
  const cart = useCart();
  return cart.data ? <CartLineList lines={cart.data.lines} editable /> : null;
}

describe('CartLineList', () => {
  it('offers to put a removed line back as it was, variant and quantity', async () => {
    let lines = [cartLine(7, 2)];
    const calls = mockApi((method, url) => {
      if (url.endsWith('/product')) return [200, linenShirt()];
      if (method === 'DELETE') lines = [];
      if (method === 'POST') lines = [cartLine(7, 2)];
      return [200, cartOf(lines)];
    });
    renderWithApp(<Bag />);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Remove Linen Shirt, Sage, M' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Linen Shirt (Sage, M) was removed from your bag.',
    );
    expect(screen.queryByLabelText('Quantity of Linen Shirt, Sage, M')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByLabelText('Quantity of Linen Shirt, Sage, M')).toHaveValue('2');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { itemId: 7, quantity: 2 },
    ]);
  });

  it('puts back as many as are left, once however often Undo is pressed', async () => {
    let lines = [cartLine(7, 5, 3)];
    const calls = mockApi((method, url) => {
      if (url.endsWith('/product')) return [200, linenShirt()];
      if (method === 'DELETE') lines = [];
      if (method === 'POST') lines = [cartLine(7, 3, 3)];
      return [200, cartOf(lines)];
    });
    renderWithApp(<Bag />);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Remove Linen Shirt, Sage, M' }),
    );
    await userEvent.dblClick(await screen.findByRole('button', { name: 'Undo' }));
    expect(await screen.findByLabelText('Quantity of Linen Shirt, Sage, M')).toHaveValue('3');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { itemId: 7, quantity: 3 },
    ]);
  });

  it('says so when a removed line cannot go back', async () => {
    mockApi((method, url) => {
      if (url.endsWith('/product')) return [200, linenShirt()];
      if (method === 'POST') {
        return [409, { error: { code: 'conflict', message: 'Linen Shirt just sold out.' } }];
      }
      return [200, cartOf(method === 'DELETE' ? [] : [cartLine(7, 1)])];
    });
    renderWithApp(<Bag />);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Remove Linen Shirt, Sage, M' }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Linen Shirt just sold out.')).toBeInTheDocument();
  });

  it('offers quantities up to the stock left', async () => {
    mockApi(() => [404, { error: { code: 'not_found', message: 'No such product.' } }]);
    renderWithApp(<CartLineList lines={[cartLine(7, 2, 3)]} editable />);
    expect(await choosable()).toEqual(['1', '2', '3']);
  });

  it('keeps a quantity above the stock selected, and offers only what is left below it', async () => {
    mockApi(() => [404, { error: { code: 'not_found', message: 'No such product.' } }]);
    renderWithApp(<CartLineList lines={[cartLine(7, 5, 3)]} editable />);
    expect(await choosable()).toEqual(['1', '2', '3', '5']);
    expect(screen.getByRole('status')).toHaveTextContent('Only 3 left');
  });

  it('keeps the quantity menu focused, and busy, while a new quantity saves', async () => {
    const noProduct = [404, { error: { code: 'not_found', message: 'No such product.' } }] as const;
    mockApi(() => [...noProduct]);
    const answer = globalThis.fetch;
    // The save never answers: the menu is looked at while it is under way.
    globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) =>
      init?.method === 'PUT'
        ? new Promise<Response>(() => {})
        : answer(input, init)) as typeof fetch;
    renderWithApp(<CartLineList lines={[cartLine(7, 1, 3)]} editable />);
    const select = await screen.findByLabelText('Quantity of Linen Shirt, Sage, M');
    await userEvent.selectOptions(select, '2');
    expect(select).toHaveAttribute('aria-busy', 'true');
    expect(select).toBeEnabled();
    expect(select).toHaveFocus();
  });

  it('keeps a line that moves to another size in its place, with the focus on its size menu', async () => {
    const moved = { ...cartLine(8, 1), size: 'L' };
    const calls = mockApi((method, url) => {
      if (url.endsWith('/product')) return [200, linenShirt()];
      if (method === 'PATCH') return [200, cartOf([moved])];
      return [200, cartOf([cartLine(7, 1)])];
    });
    renderWithApp(<Bag />);
    const size = await screen.findByLabelText('Size of Linen Shirt, Sage, M');
    // The menu is there at once; its other sizes come with the product.
    await screen.findByRole('option', { name: 'L' });
    await userEvent.selectOptions(size, 'L');
    const after = await screen.findByLabelText('Size of Linen Shirt, Sage, L');
    // The same menu, not one made afresh for the moved line: the keyboard stays where it was.
    expect(after).toBe(size);
    expect(after).toHaveFocus();
    expect(after).not.toHaveAttribute('aria-busy', 'true');
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([{ size: 'L' }]);
  });

  it('says how many came out when a line joins one already in the bag past the most of a piece', async () => {
    const large = { ...cartLine(8, 5), size: 'L' };
    let lines = [cartLine(7, 6), large];
    mockApi((method, url) => {
      if (url.endsWith('/product')) return [200, linenShirt()];
      if (method === 'PATCH') lines = [{ ...large, quantity: 9 }];
      return [200, cartOf(lines)];
    });
    renderWithApp(<Bag />);
    const size = await screen.findByLabelText('Size of Linen Shirt, Sage, M');
    await screen.findAllByRole('option', { name: 'L' });
    await userEvent.selectOptions(size, 'L');
    expect(
      await screen.findByText(
        'Joined with the Sage, L already in your bag: 9 is the most of one piece, so 2 came out.',
      ),
    ).toBeVisible();
  });

  it('draws the colour and size menus before the product arrives, so the line does not grow', async () => {
    let arrive: (() => void) | undefined;
    // The product's variants come only when the test lets them.
    const product = new Promise<[number, unknown]>((resolve) => {
      arrive = () => resolve([200, linenShirt()]);
    });
    mockApi((_method, url) => (url.endsWith('/product') ? product : [200, cartOf([])]));
    renderWithApp(<CartLineList lines={[cartLine(7, 1)]} editable />);
    const colour = await screen.findByLabelText('Colour of Linen Shirt, Sage, M');
    const size = screen.getByLabelText('Size of Linen Shirt, Sage, M');
    const names = (select: HTMLElement) =>
      [...select.querySelectorAll('option')].map((o) => o.textContent);
    expect(names(colour)).toEqual(['Sage']);
    expect(names(size)).toEqual(['M']);
    expect(size).toHaveAttribute('aria-busy', 'true');
    arrive?.();
    await vi.waitFor(() => expect(names(size).length).toBeGreaterThan(1));
    // The same menus, now with every variant.
    expect(screen.getByLabelText('Size of Linen Shirt, Sage, M')).toBe(size);
    expect(size).toHaveAttribute('aria-busy', 'false');
  });

  it('keeps the line’s own colour and size in its menus when the product cannot be loaded', async () => {
    mockApi(() => [500, { error: { code: 'internal', message: 'Something went wrong.' } }]);
    renderWithApp(<CartLineList lines={[cartLine(7, 1)]} editable />);
    const size = await screen.findByLabelText('Size of Linen Shirt, Sage, M');
    await vi.waitFor(() => expect(size).toHaveAttribute('aria-busy', 'false'));
    expect([...size.querySelectorAll('option')].map((o) => o.textContent)).toEqual(['M']);
    expect(screen.getByLabelText('Colour of Linen Shirt, Sage, M')).toHaveValue('Sage');
  });
});
