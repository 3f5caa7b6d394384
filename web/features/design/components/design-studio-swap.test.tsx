import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_ID_BY_SLOT, SLOTS } from '../../../../contracts/catalog';
import type { DesignOutfit, Substitute } from '../../../../contracts/design';
import { catalogItem } from '../../../test/fixtures';
import { stubLayoutObservers } from '../../../test/layout-stubs';
import { mockApi, renderWithApp } from '../../../test/render';
import { DesignStudio } from './design-studio';

beforeAll(stubLayoutObservers);

const item = catalogItem;

const pieces = SLOTS.map((slot, i) => ({
  ...item(100 + i, `Piece ${slot}`, { categoryId: CATEGORY_ID_BY_SLOT[slot] }),
  slot,
}));
pieces[1] = { ...item(101, 'Silk Shirt', { productId: 500, stock: 0 }), slot: 'top' };

const outfit: DesignOutfit = {
  id: 9,
  name: 'Gallery Opening',
  description: 'Evening layers.',
  occasionId: 5,
  occasion: 'Work',
  items: pieces,
  likes: 4,
  rejects: 1,
  likeRate: 0.8,
  favorites: 5,
  flagged: [{ slot: 'top', itemId: 101, stock: 0, problem: 'soldOut' }],
  version: '2026-11-30 09:15:02.123456+00',
};

const substitutes: Substitute[] = [
  { ...item(150, 'Silk Shirt', { productId: 500, size: 'L', stock: 6 }), match: 'sameProduct' },
  { ...item(130, 'Poplin Shirt', { productId: 530, stock: 9 }), match: 'sameLook' },
];

const CHANGED =
  'This outfit was saved by someone else since you opened it. Open it again to see their change, then make yours.';

/**
 * The design area's API; `savedSince`: another administrator saved the outfit after the list
 * was first read, so an edit sent with that first version is refused until the list is read again.
 */
function shop({ savedSince = false } = {}) {
  const theirs = '2026-11-30 09:20:41.000001+00';
  let listed = 0;
  return mockApi((method, url, body) => {
    const { pathname } = new URL(url, 'http://drape.test');
    if (pathname === '/api/occasions') return [200, [{ id: 5, name: 'Work' }]];
    if (pathname === '/api/item/design') return [200, []];
    if (pathname === '/api/design/outfits') {
      listed += 1;
      const version = savedSince && listed > 1 ? theirs : outfit.version;
      return [200, { items: [{ ...outfit, version }], nextCursor: null }];
    }
    if (pathname === '/api/design/outfits/9') return [200, outfit];
    if (pathname === '/api/design/substitutes/101') {
      return [200, { item: pieces[1], substitutes }];
    }
    if (
      method === 'PUT' &&
      pathname === '/api/design/outfit/edit/9' &&
      savedSince &&
      (body as { version?: string }).version !== theirs
    ) {
      return [409, { error: { code: 'conflict', message: CHANGED } }];
    }
    if (method === 'PUT' && pathname === '/api/design/outfit/edit/9') {
      const { likes, rejects, likeRate, favorites, flagged, ...saved } = outfit;
      const top = substitutes.find(
        (s) => s.id === (body as { item_ids: { top: number } }).item_ids.top,
      );
      return [
        200,
        {
          ...saved,
          version: '2026-11-30 09:30:00.5+00',
          items: pieces.map((p) => (p.slot === 'top' && top ? { ...top, slot: 'top' } : p)),
        },
      ];
    }
    if (method === 'DELETE' && pathname === '/api/design/outfit/delete/9') {
      const version = new URL(url, 'http://drape.test').searchParams.get('version');
      if (savedSince && version !== theirs) {
        return [409, { error: { code: 'conflict', message: CHANGED } }];
      }
      return [200, { ok: true }];
    }
    return [404, { error: { code: 'not_found', message: 'Not found.' } }];
  });
}

/** The studio, with Gallery Opening opened in the edit form. */
async function openGalleryOpening() {
  renderWithApp(<DesignStudio />);
  await userEvent.click(screen.getByRole('tab', { name: 'Edit' }));
  await userEvent.click(screen.getByRole('combobox', { name: 'Outfit to edit' }));
  await userEvent.click(await screen.findByRole('option', { name: /Gallery Opening/ }));
}

/** Presses `action`, then `confirmation` in the dialog that asks. */
async function confirmed(action: string, confirmation: string) {
  await userEvent.click(screen.getByRole('button', { name: action }));
  await userEvent.click(
    within(await screen.findByRole('dialog')).getByRole('button', { name: confirmation }),
  );
}

describe('DesignStudio, editing an outfit with a sold-out piece', { timeout: 60_000 }, () => {
  it('marks the piece, offers substitutes, swaps one in with one click and saves it', async () => {
    const calls = shop();
    await openGalleryOpening();

    expect(screen.getByRole('group', { name: 'Top: Silk Shirt, sold out' })).toBeInTheDocument();
    const offer = await screen.findByRole('region', { name: 'Top: Silk Shirt is sold out' });
    const list = await within(offer).findByRole('list', { name: 'Substitutes for Silk Shirt' });
    const cards = within(list).getAllByRole('listitem');
    // The same product in another size comes before another product of the same look.
    expect(cards.map((card) => card.textContent)).toEqual([
      expect.stringMatching(/^Same piece.*Silk Shirt.*Black · L.*6 in stock/),
      expect.stringMatching(/^Same look.*Poplin Shirt/),
    ]);

    await userEvent.click(
      within(list).getByRole('button', { name: 'Swap in Poplin Shirt (Black, M)' }),
    );
    expect(screen.getByRole('group', { name: 'Top: Poplin Shirt' })).toBeInTheDocument();
    // The offer went with the button pressed: focus goes on to saving.
    expect(screen.getByRole('button', { name: 'Update outfit' })).toHaveFocus();
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: /Top: .* sold out/ })).toBeNull(),
    );

    await confirmed('Update outfit', 'Save changes');
    expect(await screen.findByText('Saved “Gallery Opening”.')).toBeInTheDocument();
    const sent = calls.find((c) => c.method === 'PUT');
    expect(sent?.body).toEqual({
      id: 9,
      name: 'Gallery Opening',
      description: 'Evening layers.',
      occasion: 5,
      item_ids: { outerwear: 100, top: 130, accessory: 102, bottom: 103, footwear: 104 },
      version: outfit.version,
    });
    // Update is disabled once the board is cleared: focus goes to the picker, not the page.
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Outfit to edit' })).toHaveFocus(),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('combobox', { name: 'Outfit to edit' })).toHaveFocus();
  });

  it('deletes the outfit and hands focus to the picker for the next one', async () => {
    const calls = shop();
    await openGalleryOpening();

    await confirmed('Delete', 'Delete');
    expect(await screen.findByText('Deleted “Gallery Opening”.')).toBeInTheDocument();
    // With the version opened: an outfit saved since by someone else would not be deleted.
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([
      `/api/design/outfit/delete/9?${new URLSearchParams({ version: outfit.version })}`,
    ]);
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Outfit to edit' })).toHaveFocus(),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('combobox', { name: 'Outfit to edit' })).toHaveFocus();
  });

  it('does not delete an outfit another administrator saved since it was opened', async () => {
    shop({ savedSince: true });
    await openGalleryOpening();

    await confirmed('Delete', 'Delete');

    expect(await screen.findByRole('alert')).toHaveTextContent(CHANGED);
    // The stale copy is put down, to be opened again as they left it.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled());
    expect(screen.queryByText('Deleted “Gallery Opening”.')).not.toBeInTheDocument();
  });

  it('says so when another administrator saved the outfit since it was opened', async () => {
    const calls = shop({ savedSince: true });
    await openGalleryOpening();

    await confirmed('Update outfit', 'Save changes');

    expect(await screen.findByRole('alert')).toHaveTextContent(CHANGED);
    // Not a problem of the name; the stale copy is put down, to be opened again. (The message
    // shows while the dialog is still closing; the form is heard again once it has closed.)
    expect(await screen.findByRole('textbox', { name: /Name/ })).not.toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(screen.getByRole('button', { name: 'Update outfit' })).toBeDisabled();

    // Opened again, it carries their version, and the save goes through.
    await userEvent.click(screen.getByRole('combobox', { name: 'Outfit to edit' }));
    await userEvent.click(await screen.findByRole('option', { name: /Gallery Opening/ }));
    await confirmed('Update outfit', 'Save changes');
    expect(await screen.findByText('Saved “Gallery Opening”.')).toBeInTheDocument();
    const puts = calls.filter((c) => c.method === 'PUT');
    expect(puts.map((c) => (c.body as { version: string }).version)).toEqual([
      outfit.version,
      '2026-11-30 09:20:41.000001+00',
    ]);
  });
});

/** The address's query, as a test can read it (a memory router has no address bar). */
function Address() {
  return <output aria-label="Address">{useLocation().search}</output>;
}

describe('DesignStudio, the outfit being edited in the address', () => {
  it('names the outfit opened, and opens it again after a reload', async () => {
    shop();
    const first = renderWithApp(
      <>
        <DesignStudio />
        <Address />
      </>,
      { path: '/admin/design' },
    );
    await userEvent.click(screen.getByRole('tab', { name: 'Edit' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Outfit to edit' }));
    await userEvent.click(await screen.findByRole('option', { name: /Gallery Opening/ }));
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent('?edit=9'),
    );
    first.unmount();

    const calls = shop();
    renderWithApp(<DesignStudio />, { path: '/admin/design?edit=9' });
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /Name/ })).toHaveValue('Gallery Opening'),
    );
    expect(screen.getByRole('tab', { name: 'Edit' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('group', { name: 'Top: Silk Shirt, sold out' })).toBeInTheDocument();
    await confirmed('Update outfit', 'Save changes');
    expect(await screen.findByText('Saved “Gallery Opening”.')).toBeInTheDocument();
    // Saved from the version the reload read.
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      expect.objectContaining({ id: 9, version: outfit.version }),
    ]);
  });

  it('says so when the outfit in the address is gone, and leaves the form to pick another', async () => {
    shop();
    renderWithApp(
      <>
        <DesignStudio />
        <Address />
      </>,
      { path: '/admin/design?edit=77' },
    );
    expect(await screen.findByText('Not found.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent(''),
    );
    expect(screen.getByRole('button', { name: 'Update outfit' })).toBeDisabled();
    await userEvent.click(screen.getByRole('combobox', { name: 'Outfit to edit' }));
    await userEvent.click(await screen.findByRole('option', { name: /Gallery Opening/ }));
    expect(screen.getByRole('textbox', { name: /Name/ })).toHaveValue('Gallery Opening');
  });
});
