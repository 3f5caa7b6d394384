import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { CartSchema, LookSchema } from '../../../../contracts/cart';
import type { Product, Slot } from '../../../../contracts/catalog';
import { fromContract } from '../../../test/api-contracts';
import { cartLine, cartOf } from '../../../test/fixtures';
import { mockApi, renderWithApp } from '../../../test/render';
import { ShopLookSheet } from './shop-look-sheet';

function product(
  id: number,
  name: string,
  slot: Slot,
  sizes: string[],
  rememberedSize: string | null,
): Product {
  return {
    id,
    name,
    seller: 'Fieldnote',
    description: 'A piece.',
    categoryId: id,
    category: 'Tops',
    slot,
    sizes,
    variants: sizes.map((size, i) => ({
      itemId: id * 100 + i,
      productId: id,
      color: 'Black',
      colorHex: '#000000',
      size,
      stock: 5,
      price: '$50.00',
      priceCents: 5000,
      img: '/images/items/tee/black.webp',
    })),
    rememberedSize,
    heartedItemIds: [],
  };
}

// Designed in XL and EU 41: neither may be preselected.
const look = fromContract(LookSchema, {
  outfitId: 3,
  name: 'Gallery Opening',
  pieces: [
    {
      slot: 'top',
      itemId: 104,
      product: product(1, 'Boxy Tee', 'top', ['XS', 'S', 'M', 'L', 'XL'], 'M'),
    },
    {
      slot: 'footwear',
      itemId: 203,
      product: product(2, 'Chelsea Boot', 'footwear', ['EU 38', 'EU 39', 'EU 40', 'EU 41'], null),
    },
    {
      slot: 'accessory',
      itemId: 300,
      product: product(3, 'Canvas Tote', 'accessory', ['One Size'], 'One Size'),
    },
  ],
});

/** The look with one variant's stock changed, as a later fetch would answer it. */
function withStock(from: typeof look, itemId: number, stock: number) {
  return fromContract(LookSchema, {
    ...from,
    pieces: from.pieces.map((p) => ({
      ...p,
      product: {
        ...p.product,
        variants: p.product.variants.map((v) => (v.itemId === itemId ? { ...v, stock } : v)),
      },
    })),
  });
}

/** The bag after the look went in: what the server answers to POST /api/cart/outfit. */
function bagOf(units: number) {
  return fromContract(CartSchema, {
    lines: [],
    units,
    subtotalCents: 0,
    subtotal: '$0.00',
    shippingCents: 0,
    shipping: '$0.00',
    totalCents: 0,
    total: '$0.00',
    arrival: { from: '2026-03-04', to: '2026-03-06', text: 'Arrives: Mar 4-6' },
  });
}

/** The sheet as a card opens it: open at first, closed by its button, opened again by the card's. */
function Reopened() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Purchase Outfit
      </button>
      <ShopLookSheet outfitId={3} open={open} onClose={() => setOpen(false)} onAdded={() => {}} />
    </>
  );
}

describe('ShopLookSheet', () => {
  it('asks a size for each piece, preselects only remembered ones, and sends exactly the chosen variants', async () => {
    const calls = mockApi((method, url) =>
      url === '/api/cart' ? [200, bagOf(0)] : method === 'GET' ? [200, look] : [200, bagOf(3)],
    );
    let added = 0;
    renderWithApp(
      <ShopLookSheet outfitId={3} open onClose={() => {}} onAdded={(n) => (added = n)} />,
    );
    expect(await screen.findByRole('dialog', { name: /Shop this look/ })).toBeInTheDocument();
    expect(await screen.findByRole('radio', { name: 'M' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'XL' })).not.toBeChecked();
    const boots = screen.getByRole('radiogroup', { name: 'Size of Chelsea Boot' });
    expect(boots.querySelectorAll('input:checked')).toHaveLength(0);
    expect(screen.getByText('Total $150.00')).toBeInTheDocument();
    // Named only once the shopper tries: before, the count is enough.
    expect(screen.getByText('Choose a size for 1 piece')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Add the look to bag' }));
    expect(screen.getByText('Choose a size for Chelsea Boot')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await userEvent.click(screen.getByRole('radio', { name: 'EU 39' }));
    await userEvent.click(screen.getByRole('radio', { name: 'S' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add the look to bag' }));
    await waitFor(() => expect(added).toBe(3));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: '/api/cart/outfit',
      body: { outfitId: 3, itemIds: [101, 201, 300] },
    });
  }, 20_000);

  it('says which sizes chosen are in the bag already, and what the look makes of them', async () => {
    // Two Boxy Tees in S (item 101) and nine totes (item 300) wait in the bag.
    const inBag = cartOf([cartLine(101, 2), cartLine(300, 9)]);
    mockApi((method, url) =>
      url === '/api/cart' ? [200, inBag] : method === 'GET' ? [200, look] : [404, undefined],
    );
    renderWithApp(<ShopLookSheet outfitId={3} open onClose={() => {}} onAdded={() => {}} />);
    // The tee is offered in M, which the bag does not hold.
    await screen.findByRole('radio', { name: 'M' });
    expect(
      await screen.findByText('9 in your bag already, the most a line holds, so it is left out'),
    ).toBeVisible();
    expect(screen.queryByText(/in your bag already: this makes/)).toBeNull();
    await userEvent.click(screen.getByRole('radio', { name: 'S' }));
    expect(screen.getByText('2 in your bag already: this makes 3')).toBeVisible();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Include Boxy Tee' }));
    expect(screen.queryByText(/in your bag already: this makes/)).toBeNull();
  });

  it('leaves out, and does not charge, a piece whose line in the bag holds the most it can', async () => {
    // Nine totes (item 300) in the bag: the look cannot add a tenth, and the server leaves the line.
    const inBag = cartOf([cartLine(300, 9, 20)]);
    const calls = mockApi((method, url) =>
      url === '/api/cart' ? [200, inBag] : method === 'GET' ? [200, look] : [200, inBag],
    );
    let added = 0;
    renderWithApp(
      <ShopLookSheet outfitId={3} open onClose={() => {}} onAdded={(n) => (added = n)} />,
    );
    await screen.findByText(/the most a line holds, so it is left out/);
    const tote = screen.getByRole('checkbox', { name: 'Include Canvas Tote' });
    expect(tote).toHaveAccessibleDescription(
      '9 in your bag already, the most a line holds, so it is left out',
    );
    // The tee (M) and the boots: $100, not $150.
    expect(screen.getByText('Total $100.00')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'EU 39' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add 2 pieces to bag' }));
    await waitFor(() => expect(added).toBe(2));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      outfitId: 3,
      itemIds: [102, 201],
    });
  }, 20_000);

  it('stops before the server refuses the look when the bag holds all that is left of a size', async () => {
    // The last two Boxy Tees in M (item 101) are in the bag already.
    const tee = product(1, 'Boxy Tee', 'top', ['S', 'M'], 'M');
    tee.variants[1]!.stock = 2;
    const lastTwo = fromContract(LookSchema, {
      ...look,
      pieces: look.pieces.map((p) => (p.slot === 'top' ? { ...p, product: tee } : p)),
    });
    const calls = mockApi((method, url) =>
      url === '/api/cart'
        ? [200, cartOf([cartLine(101, 2, 2)])]
        : method === 'GET'
          ? [200, lastTwo]
          : [200, bagOf(3)],
    );
    renderWithApp(<ShopLookSheet outfitId={3} open onClose={() => {}} onAdded={() => {}} />);
    expect(await screen.findByText('All 2 left are in your bag already')).toBeVisible();
    await userEvent.click(screen.getByRole('radio', { name: 'EU 39' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add the look to bag' }));
    expect(
      screen.getByText(
        'Your bag holds all that is left of Boxy Tee: choose another size or untick it',
      ),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    // Another size is added as one more piece of the look.
    await userEvent.click(screen.getByRole('radio', { name: 'S' }));
    expect(screen.queryByText('All 2 left are in your bag already')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Add the look to bag' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        outfitId: 3,
        itemIds: [100, 201, 300],
      }),
    );
  }, 20_000);

  it('offers first the colour and chosen size the shopper keeps of each piece', async () => {
    const tee = product(1, 'Boxy Tee', 'top', ['S', 'M', 'L'], 'L');
    const stone = tee.variants.map((v, i) => ({ ...v, itemId: 150 + i, color: 'Stone' }));
    const kept = fromContract(LookSchema, {
      ...look,
      pieces: look.pieces.map((p) =>
        p.slot === 'top'
          ? { ...p, itemId: 100, product: { ...tee, variants: [...tee.variants, ...stone] } }
          : p,
      ),
    });
    const calls = mockApi((method, url) =>
      url === '/api/cart' ? [200, bagOf(0)] : method === 'GET' ? [200, kept] : [200, bagOf(3)],
    );
    renderWithApp(
      <ShopLookSheet
        outfitId={3}
        // The tee kept in Stone, its size chosen (M); the boots kept in EU 40, never chosen.
        kept={[
          { itemId: 151, chosenSize: 'M' },
          { itemId: 202, chosenSize: null },
        ]}
        open
        onClose={() => {}}
        onAdded={() => {}}
      />,
    );
    const teeSizes = await screen.findByRole('radiogroup', { name: 'Size of Boxy Tee' });
    expect(within(teeSizes).getByRole('radio', { name: 'M' })).toBeChecked();
    expect(screen.getByText(/^Stone · \$50\.00/)).toBeInTheDocument();
    // A size that came with the outfit is not the shopper's: the boots still ask.
    const boots = screen.getByRole('radiogroup', { name: 'Size of Chelsea Boot' });
    expect(boots.querySelectorAll('input:checked')).toHaveLength(0);
    await userEvent.click(within(boots).getByRole('radio', { name: 'EU 40' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add the look to bag' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        outfitId: 3,
        itemIds: [151, 202, 300],
      }),
    );
  }, 20_000);

  it('leaves out a piece the shopper unticks', async () => {
    const calls = mockApi((method, url) =>
      url === '/api/cart' ? [200, bagOf(0)] : method === 'GET' ? [200, look] : [200, bagOf(2)],
    );
    renderWithApp(<ShopLookSheet outfitId={3} open onClose={() => {}} onAdded={() => {}} />);
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Include Chelsea Boot' }));
    expect(screen.queryByRole('radiogroup', { name: 'Size of Chelsea Boot' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Add 2 pieces to bag' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        outfitId: 3,
        itemIds: [102, 300],
      }),
    );
  }, 20_000);

  it("keeps the shopper's picks when the look is fetched again while the sheet is open", async () => {
    // Fetched again, the look says two are left of the tee in S.
    const again = withStock(look, 101, 2);
    let fetched = 0;
    const calls = mockApi((method, url) => {
      if (url === '/api/cart') return [200, bagOf(0)];
      if (method !== 'GET') return [200, bagOf(3)];
      fetched += 1;
      return [200, fetched === 1 ? look : again];
    });
    const { queryClient } = renderWithApp(
      <ShopLookSheet outfitId={3} open onClose={() => {}} onAdded={() => {}} />,
    );
    expect(await screen.findByRole('radio', { name: 'M' })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: 'S' }));
    await userEvent.click(screen.getByRole('radio', { name: 'EU 39' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Include Canvas Tote' }));
    // As the connection coming back does: the open sheet's look is asked for again, and shown.
    await queryClient.invalidateQueries();
    expect(await screen.findByText(/Only 2 left/)).toBeInTheDocument();
    // Its name now tells how few are left.
    expect(screen.getByRole('radio', { name: /^S\b/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'EU 39' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Include Canvas Tote' })).not.toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Add 2 pieces to bag' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        outfitId: 3,
        itemIds: [101, 201],
      }),
    );
  }, 20_000);

  it('asks again for a size picked that the look, fetched again, says is sold out', async () => {
    let fetched = 0;
    const calls = mockApi((method, url) => {
      if (url === '/api/cart') return [200, bagOf(0)];
      if (method !== 'GET') return [200, bagOf(3)];
      fetched += 1;
      // The boots in EU 39 sold out between the two fetches.
      return [200, fetched === 1 ? look : withStock(look, 201, 0)];
    });
    const { queryClient } = renderWithApp(
      <ShopLookSheet outfitId={3} open onClose={() => {}} onAdded={() => {}} />,
    );
    await userEvent.click(await screen.findByRole('radio', { name: 'EU 39' }));
    await queryClient.invalidateQueries();
    expect(await screen.findByText(/Sold out/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add the look to bag' }));
    expect(screen.getByText('Choose a size for Chelsea Boot')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  }, 20_000);

  it('opened again, offers nothing to pick until the look is fetched anew', async () => {
    // The second fetch answers only when the test lets it, remembering L for the tee by then.
    let answer: (() => void) | undefined;
    const later = fromContract(LookSchema, {
      ...look,
      pieces: look.pieces.map((p) =>
        p.slot === 'top' ? { ...p, product: { ...p.product, rememberedSize: 'L' } } : p,
      ),
    });
    const calls = mockApi(async (method, url) => {
      if (url === '/api/cart') return [200, bagOf(0)];
      if (method !== 'GET') return [200, bagOf(3)];
      if (calls.filter((c) => c.url === '/api/cart/outfit/3').length === 1) return [200, look];
      await new Promise<void>((resolve) => {
        answer = resolve;
      });
      return [200, later];
    });
    renderWithApp(<Reopened />);
    expect(await screen.findByRole('radio', { name: 'M' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Purchase Outfit' }));
    expect(
      await screen.findByRole('progressbar', { name: 'Loading the look' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'M' })).toBeNull();
    await waitFor(() => expect(answer).toBeDefined());
    answer!();
    expect(await screen.findByRole('radio', { name: 'L' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'M' })).not.toBeChecked();
  }, 20_000);
  it('opened again while the fetch of an opening before is on its way, waits for one of its own', async () => {
    // The second fetch (the sheet closed before it answered) remembers M for the tee, as the
    // cart was then; the third, asked after the cart changed, remembers L.
    const holds: (() => void)[] = [];
    const later = fromContract(LookSchema, {
      ...look,
      pieces: look.pieces.map((p) =>
        p.slot === 'top' ? { ...p, product: { ...p.product, rememberedSize: 'L' } } : p,
      ),
    });
    const looks = () => calls.filter((c) => c.url === '/api/cart/outfit/3').length;
    const calls = mockApi(async (method, url) => {
      if (url === '/api/cart') return [200, bagOf(0)];
      if (method !== 'GET') return [200, bagOf(3)];
      const asked = looks();
      if (asked === 1) return [200, look];
      await new Promise<void>((resolve) => holds.push(resolve));
      return [200, asked === 2 ? look : later];
    });
    renderWithApp(<Reopened />);
    expect(await screen.findByRole('radio', { name: 'M' })).toBeChecked();
    const closeAndOpen = async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await userEvent.click(screen.getByRole('button', { name: 'Purchase Outfit' }));
    };
    await closeAndOpen();
    await waitFor(() => expect(looks()).toBe(2));
    await closeAndOpen();
    // The third opening asks for itself, and the second's answer, arriving first, is not shown.
    await waitFor(() => expect(looks()).toBe(3));
    holds[0]!();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('radio', { name: 'M' })).toBeNull();
    holds[1]!();
    expect(await screen.findByRole('radio', { name: 'L' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'M' })).not.toBeChecked();
  }, 20_000);
});
