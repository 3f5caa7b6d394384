import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_ID_BY_SLOT, SLOTS } from '../../../../contracts/catalog';
import { catalogItem } from '../../../test/fixtures';
import { stubLayoutObservers } from '../../../test/layout-stubs';
import { mockApi, renderWithApp } from '../../../test/render';
import { DesignStudio } from './design-studio';

// jsdom has no layout; the carousel only needs these to exist.
beforeAll(stubLayoutObservers);

const NAMES = {
  outerwear: ['Outerwear', 'Wool Coat'],
  top: ['Tops', 'Linen Shirt'],
  accessory: ['Accessories', 'Leather Belt'],
  bottom: ['Bottoms', 'Pleated Trousers'],
  footwear: ['Footwear', 'Suede Loafers'],
} as const;

const item = (id: number, categoryId: number, name: string, stock = 10) =>
  catalogItem(id, name, { categoryId, category: 'x', stock });

const SERVER_ERROR: [number, unknown] = [
  500,
  { error: { code: 'internal', message: 'Something went wrong.' } },
];

/** The shop's API; `down` lists the paths that answer 500 until taken out of it. */
function shop(createAnswers: [number, unknown][], down = new Set<string>()) {
  return mockApi((method, url) => {
    const { pathname, searchParams } = new URL(url, 'http://drape.test');
    if (down.has(pathname)) return SERVER_ERROR;
    if (pathname === '/api/design/outfits') return [200, { items: [], nextCursor: null }];
    if (pathname === '/api/occasions') {
      return [
        200,
        [
          { id: 1, name: 'Airport' },
          { id: 5, name: 'Work' },
        ],
      ];
    }
    if (pathname === '/api/item/design') {
      const categoryId = Number(searchParams.get('category'));
      const slot = SLOTS.find((s) => CATEGORY_ID_BY_SLOT[s] === categoryId)!;
      const [category, name] = NAMES[slot];
      const items = [item(categoryId * 10, categoryId, name)];
      if (slot === 'top') items.push(item(99, categoryId, 'Silk Camisole', 0));
      return [
        200,
        [
          {
            category: { id: categoryId, name: category, slot },
            items,
            total: items.length,
            colors: ['Black'],
            nextCursor: null,
          },
        ],
      ];
    }
    if (method === 'POST' && pathname === '/api/design/outfit/create') {
      return createAnswers.shift() ?? [500, undefined];
    }
    return [404, { error: { code: 'not_found', message: 'Not found.' } }];
  });
}

async function pickAll() {
  for (const slot of SLOTS) {
    const [, name] = NAMES[slot];
    await userEvent.click(await screen.findByRole('button', { name: new RegExp(`^${name},`) }));
  }
}

// Five MUI carousels take a while to render in jsdom on a shared machine.
describe('DesignStudio', { timeout: 60_000 }, () => {
  it('says what is missing instead of asking the server', async () => {
    const calls = shop([]);
    renderWithApp(<DesignStudio />);
    await userEvent.click(screen.getByRole('button', { name: 'Create outfit' }));
    expect(
      await screen.findByText(
        'The outfit still needs a name, an occasion and a piece for outerwear, top, accessory, bottom and footwear.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);

    // Put right one by one, the message stays while anything it named is still missing.
    await userEvent.type(screen.getByRole('textbox', { name: /^Name/ }), 'Monday Best');
    await userEvent.click(screen.getByRole('combobox', { name: /^Occasion/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Work' }));
    expect(screen.getByText(/^The outfit still needs/)).toBeInTheDocument();
    await pickAll();
    expect(screen.queryByText(/^The outfit still needs/)).toBeNull();
  });

  it('says the occasions could not be loaded, and offers them again on Retry', async () => {
    const down = new Set(['/api/occasions']);
    shop([], down);
    renderWithApp(<DesignStudio />);
    expect(
      await screen.findByText('The occasions could not be loaded, so none can be chosen yet.'),
    ).toBeInTheDocument();

    down.clear();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() =>
      expect(
        screen.queryByText('The occasions could not be loaded, so none can be chosen yet.'),
      ).toBeNull(),
    );
    await userEvent.click(screen.getByRole('combobox', { name: /^Occasion/ }));
    expect(await screen.findByRole('option', { name: 'Work' })).toBeInTheDocument();
  });

  it('says the outfits to edit could not be loaded rather than that there are none', async () => {
    const down = new Set(['/api/design/outfits']);
    shop([], down);
    renderWithApp(<DesignStudio />);
    await userEvent.click(screen.getByRole('tab', { name: 'Edit' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Outfit to edit' }));
    expect(await screen.findByText('The outfits could not be loaded')).toBeInTheDocument();
    expect(screen.queryByText('No outfits yet')).toBeNull();
    expect(screen.getByText('The outfits could not be loaded.')).toBeInTheDocument();

    down.clear();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByText('The outfits could not be loaded.')).toBeNull());
    await userEvent.click(screen.getByRole('combobox', { name: 'Outfit to edit' }));
    expect(await screen.findByText('No outfits yet')).toBeInTheDocument();
  });

  it('shows a sold-out piece that cannot be picked', async () => {
    shop([]);
    renderWithApp(<DesignStudio />);
    const tops = await screen.findByRole('region', { name: 'Tops' });
    const soldOut = await within(tops).findByRole('button', { name: /Silk Camisole.*sold out$/ });
    expect(soldOut).toBeDisabled();
    expect(within(tops).getByText('Sold out')).toBeInTheDocument();
  });

  it('confirms, shows the server’s complaint on the right slot, then creates and clears', async () => {
    const calls = shop([
      [
        400,
        {
          error: {
            code: 'validation_failed',
            message: 'Item 10 is a Top, but the top slot needs a Top',
            fields: { 'item_ids.top': 'item 10 is gone' },
          },
        },
      ],
      [
        201,
        {
          id: 77,
          name: 'Monday Best',
          description: '',
          occasionId: 5,
          occasion: 'Work',
          items: [],
        },
      ],
    ]);
    renderWithApp(<DesignStudio />);
    await pickAll();
    expect(screen.getByRole('group', { name: 'Top: Linen Shirt' })).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: /^Name/ }), 'Monday Best');
    await userEvent.click(screen.getByRole('combobox', { name: /^Occasion/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Work' }));

    await userEvent.click(screen.getByRole('button', { name: 'Create outfit' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Monday Best')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Top: item 10 is gone')).toBeInTheDocument();
    const sent = calls.find((c) => c.method === 'POST');
    expect(sent?.body).toEqual({
      name: 'Monday Best',
      description: '',
      occasion: 5,
      item_ids: { outerwear: 60, top: 10, accessory: 70, bottom: 20, footwear: 30 },
    });

    // The page is usable again once the dialog has faded out.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 5_000 });
    // The complaint is said once, above the buttons, not again in a toast over them: a toast
    // waits for its bar's module, so React is let draw whatever waited on it first.
    await act(() => import('../../../lib/notice'));
    expect(screen.getAllByText('Item 10 is a Top, but the top slot needs a Top')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Create outfit' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Create' }),
    );
    expect(await screen.findByText('Created “Monday Best”.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('group', { name: 'Top: empty' })).toBeInTheDocument(),
    );
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('');
  });
});
