import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Product, Variant } from '../../../../contracts/catalog';
import { cartLine, cartOf } from '../../../test/fixtures';
import { mockApi, renderWithApp } from '../../../test/render';
import { ProductView } from './product-view';

let nextId = 100;
function variant(color: string, size: string, stock = 10): Variant {
  nextId += 1;
  return {
    itemId: nextId,
    productId: 1,
    color,
    colorHex: color === 'Ivory' ? '#f4efe4' : '#e8b4b0',
    size,
    stock,
    price: '$145.00',
    priceCents: 14500,
    img: `/images/items/blouse/${color.toLowerCase()}.webp`,
  };
}

function blouse(rememberedSize: string | null = null): Product {
  return {
    id: 1,
    name: 'Washed Silk Blouse',
    seller: 'Maison Verlaine',
    description: 'Sand-washed silk with a fluid drape.',
    categoryId: 1,
    category: 'Tops',
    slot: 'top',
    sizes: ['XS', 'S', 'M', 'L', 'XL'],
    variants: [
      ...['XS', 'S', 'M', 'L', 'XL'].map((s) => variant('Ivory', s, s === 'L' ? 2 : 10)),
      ...['S', 'M', 'L'].map((s) => variant('Blush', s, s === 'L' ? 0 : 10)),
    ],
    rememberedSize,
    heartedItemIds: [],
  };
}

const cart = {
  lines: [],
  units: 1,
  subtotalCents: 0,
  subtotal: '',
  shippingCents: 0,
  shipping: '',
  totalCents: 0,
  total: '',
  arrival: { from: '2026-11-21', to: '2026-11-23', text: 'Arrives: Nov 21-23' },
};

describe('ProductView', () => {
  it('puts nothing in the bag before a size is chosen, never the tapped item’s size', async () => {
    const product = blouse();
    const ivoryM = product.variants.find((v) => v.color === 'Ivory' && v.size === 'M')!;
    const calls = mockApi(() => [200, cart]);
    renderWithApp(<ProductView product={product} itemId={ivoryM.itemId} headingId="h" />);

    expect(screen.getByRole('heading', { name: 'Washed Silk Blouse' })).toBeInTheDocument();
    const sizes = screen.getByRole('radiogroup', { name: 'Size' });
    expect(sizes.querySelectorAll('input:checked')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Add to bag' }));
    expect(await screen.findByText('Choose a size first.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await userEvent.click(screen.getByRole('radio', { name: 'M' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add to bag · $145.00' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        itemId: ivoryM.itemId,
        quantity: 1,
      }),
    );
    expect(
      await screen.findByText(/In your bag: Washed Silk Blouse, Ivory, M/),
    ).toBeInTheDocument();
  }, 20_000);

  it('says what the bag holds of the piece once added, which its most may keep below the sum', async () => {
    const product = blouse();
    const ivoryM = product.variants.find((v) => v.color === 'Ivory' && v.size === 'M')!;
    // Seven were in the bag beside another piece: five more make nine, the most a line holds,
    // as the server answers.
    const bag = (quantity: number) =>
      cartOf([{ ...cartLine(ivoryM.itemId, quantity, 10), name: product.name }, cartLine(7, 2)]);
    const calls = mockApi((method) => [200, bag(method === 'POST' ? 9 : 7)]);
    renderWithApp(
      <ProductView product={product} itemId={ivoryM.itemId} quantity={5} headingId="h" />,
    );
    await userEvent.click(screen.getByRole('radio', { name: 'M' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add 5 to bag · $145.00 each' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        itemId: ivoryM.itemId,
        quantity: 5,
      }),
    );
    expect(
      await screen.findByText(/In your bag: 9 × Washed Silk Blouse, Ivory, M/),
    ).toBeInTheDocument();
  }, 20_000);

  it('keeps the size across colours when it is made, and shows the sizes a colour lacks as unavailable', async () => {
    const product = blouse();
    mockApi(() => [200, cart]);
    renderWithApp(
      <ProductView product={product} itemId={product.variants[0]!.itemId} headingId="h" />,
    );
    await userEvent.click(screen.getByRole('radio', { name: 'M' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Blush' }));
    expect(screen.getByRole('radio', { name: 'M' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'XS, not made in Blush' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'L, sold out' })).toBeDisabled();

    await userEvent.click(screen.getByRole('radio', { name: 'Ivory' }));
    await userEvent.click(screen.getByRole('radio', { name: 'XL' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Blush' }));
    expect(screen.getByText('Size XL is not made in Blush: choose a size.')).toBeInTheDocument();
    expect(
      screen.getByRole('radiogroup', { name: 'Size' }).querySelectorAll('input:checked'),
    ).toHaveLength(0);
  }, 20_000);

  it('starts at the size the shopper chose before, and tells stock', async () => {
    const product = blouse('L');
    mockApi(() => [200, cart]);
    renderWithApp(
      <ProductView product={product} itemId={product.variants[0]!.itemId} headingId="h" />,
    );
    expect(screen.getByRole('radio', { name: 'L, only 2 left' })).toBeChecked();
    expect(screen.getByText('Only 2 left')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Size guide' }));
    expect(await screen.findByRole('table', { name: 'Size guide for Tops' })).toBeInTheDocument();
  }, 20_000);

  it('starts at a size typed in a search before the one remembered, unless it is sold out', async () => {
    const product = blouse('L');
    mockApi(() => [200, cart]);
    const blush = product.variants.find((v) => v.color === 'Blush')!.itemId;
    const { unmount } = renderWithApp(
      <ProductView product={product} itemId={blush} chosenSize="S" headingId="h" />,
    );
    expect(screen.getByRole('radio', { name: 'S' })).toBeChecked();
    unmount();
    // Blush L is sold out: nothing is chosen for the shopper, not even the remembered M.
    const rememberingM = blouse('M');
    const blushAgain = rememberingM.variants.find((v) => v.color === 'Blush')!.itemId;
    renderWithApp(
      <ProductView product={rememberingM} itemId={blushAgain} chosenSize="L" headingId="h" />,
    );
    expect(
      screen.getByRole('radiogroup', { name: 'Size' }).querySelectorAll('input:checked'),
    ).toHaveLength(0);
  }, 20_000);

  it('shows a colour hearted when any of its sizes is, and a chosen size by its own heart', async () => {
    const product = blouse();
    const ivoryM = product.variants.find((v) => v.color === 'Ivory' && v.size === 'M')!;
    product.heartedItemIds = [ivoryM.itemId];
    mockApi(() => [200, cart]);
    // As a search card showing the hearted M opens it: no size chosen.
    renderWithApp(<ProductView product={product} itemId={ivoryM.itemId} headingId="h" />);
    const heart = screen.getByRole('button', { name: 'Favorite Washed Silk Blouse in Ivory' });
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('radio', { name: 'S' }));
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(screen.getByRole('radio', { name: 'M' }));
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('radio', { name: 'Blush' }));
    expect(heart).toHaveAttribute('aria-pressed', 'false');
  }, 20_000);

  it('hearts the piece it was opened at when no size is chosen', async () => {
    const product = blouse();
    const ivoryM = product.variants.find((v) => v.color === 'Ivory' && v.size === 'M')!;
    const calls = mockApi(() => [200, { ok: true, favorite: true }]);
    renderWithApp(<ProductView product={product} itemId={ivoryM.itemId} headingId="h" />);
    await userEvent.click(
      screen.getByRole('button', { name: 'Favorite Washed Silk Blouse in Ivory' }),
    );
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
        { itemId: ivoryM.itemId, sizeChosen: false },
      ]),
    );
  }, 20_000);

  it('hearts the size the shopper picked as chosen, so Buy on the favourite will not ask again', async () => {
    const product = blouse();
    const ivoryM = product.variants.find((v) => v.color === 'Ivory' && v.size === 'M')!;
    const calls = mockApi(() => [200, { ok: true, favorite: true }]);
    renderWithApp(<ProductView product={product} itemId={ivoryM.itemId} headingId="h" />);
    await userEvent.click(screen.getByRole('radio', { name: 'M' }));
    await userEvent.click(
      screen.getByRole('button', { name: 'Favorite Washed Silk Blouse in Ivory' }),
    );
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
        { itemId: ivoryM.itemId, sizeChosen: true },
      ]),
    );
  }, 20_000);

  it('takes back every hearted size of a colour when un-hearted with no size chosen', async () => {
    const product = blouse();
    const ivory = (size: string) =>
      product.variants.find((v) => v.color === 'Ivory' && v.size === size)!.itemId;
    product.heartedItemIds = [ivory('S'), ivory('L')];
    const calls = mockApi(() => [200, { ok: true, favorite: false }]);
    renderWithApp(<ProductView product={product} itemId={ivory('XS')} headingId="h" />);
    await userEvent.click(
      screen.getByRole('button', { name: 'Favorite Washed Silk Blouse in Ivory', pressed: true }),
    );
    await waitFor(() =>
      expect(calls.map((c) => `${c.method} ${c.url}`).sort()).toEqual(
        [ivory('S'), ivory('L')].map((id) => `DELETE /api/item/search/unfavorite/${id}`).sort(),
      ),
    );
  }, 20_000);

  it('tells the screen that opened it which pieces its heart saved, and nothing when it failed', async () => {
    const product = blouse();
    const ivory = (size: string) =>
      product.variants.find((v) => v.color === 'Ivory' && v.size === size)!.itemId;
    product.heartedItemIds = [ivory('S'), ivory('L')];
    const told: [readonly number[], boolean][] = [];
    let status = 200;
    mockApi(() => [
      status,
      status === 200
        ? { ok: true, favorite: false }
        : { error: { code: 'internal', message: 'Down.' } },
    ]);
    renderWithApp(
      <ProductView
        product={product}
        itemId={ivory('XS')}
        headingId="h"
        onHearted={(itemIds, hearted) => told.push([itemIds, hearted])}
      />,
    );
    status = 500;
    const heart = screen.getByRole('button', { name: 'Favorite Washed Silk Blouse in Ivory' });
    await userEvent.click(heart);
    expect(await screen.findByRole('alert')).toHaveTextContent('Down.');
    expect(told).toEqual([]);

    status = 200;
    await userEvent.click(heart);
    await waitFor(() => expect(told).toEqual([[[ivory('S'), ivory('L')], false]]));
  }, 20_000);

  it('says so when a heart does not save, and keeps the heart under the keyboard while it saves', async () => {
    const product = blouse();
    let answer: (a: [number, unknown]) => void = () => {};
    const calls = mockApi(
      () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    );
    renderWithApp(
      <ProductView product={product} itemId={product.variants[0]!.itemId} headingId="h" />,
    );
    const heart = screen.getByRole('button', { name: 'Favorite Washed Silk Blouse in Ivory' });
    heart.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(heart).toHaveAttribute('aria-busy', 'true'));
    expect(heart).toBeEnabled();
    expect(heart).toHaveAttribute('aria-disabled', 'true');
    expect(heart).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(calls).toHaveLength(1);

    answer([500, { error: { code: 'internal', message: 'The shop is down.' } }]);
    expect(await screen.findByRole('alert')).toHaveTextContent('The shop is down.');
    expect(heart).toHaveAttribute('aria-busy', 'false');
  }, 20_000);

  it('leaves the pictures of other colours to pointers: the Colour radios are the way for keys', async () => {
    const product = blouse();
    mockApi(() => [200, cart]);
    renderWithApp(
      <ProductView product={product} itemId={product.variants[0]!.itemId} headingId="h" />,
    );
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
    // Tab from the start to the first Colour radio meets nothing but the heart on the way.
    await userEvent.tab();
    expect(screen.getByRole('button', { name: /^Favorite/ })).toHaveFocus();
    await userEvent.tab();
    expect(
      within(screen.getByRole('radiogroup', { name: 'Colour' })).getByRole('radio', {
        name: 'Ivory',
      }),
    ).toHaveFocus();
    const pictures = document.querySelectorAll<HTMLElement>('[aria-hidden="true"] > button');
    await userEvent.click(pictures[1]!);
    expect(screen.getByRole('radio', { name: 'Blush' })).toBeChecked();
  }, 20_000);
});
