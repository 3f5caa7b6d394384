import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Address } from '../../../contracts/shipping';
import { shippingFrom } from '../../features/shipping/components/return-to';
import { ShippingSelector } from '../../features/shipping/components/shipping-selector';
import { address } from '../../test/fixtures';
import { mockApi, renderWithApp } from '../../test/render';
import ShippingRoute from './shipping';

const NOT_FOUND = [
  404,
  { error: { code: 'not_found', message: 'That address does not exist.' } },
] as [number, unknown];

/**
 * The shipping page over a fake server holding `kept`, which a test may change to stand for
 * another tab, opened at `path` from the page `from` (the checkout unless said; null: its
 * address typed in). Writes follow the server's rules for the preferred flag.
 */
function renderShipping(kept: Address[], from: string | null = '/cart', path = '/shipping') {
  const server = { kept };
  let nextId = 50;
  const prefer = (id: number) => {
    server.kept = server.kept.map((a) => ({ ...a, preferred: a.id === id }));
  };
  const calls = mockApi((method, url, body) => {
    if (url === '/api/shipping' && method === 'GET') return [200, server.kept];
    if (url === '/api/shipping' && method === 'POST') {
      const { preferred, ...fields } = body as Partial<Address>;
      // As the server: each of a shopper's addresses has its own nickname, whatever the case.
      if (server.kept.some((a) => a.nickname.toLowerCase() === fields.nickname?.toLowerCase())) {
        const taken = { nickname: 'Another of your addresses has this nickname' };
        return [409, { error: { code: 'conflict', message: 'Taken.', fields: taken } }];
      }
      const added: Address = { ...address(nextId++, ''), ...fields, preferred: false };
      server.kept = [...server.kept, added];
      if (server.kept.length === 1 || preferred) prefer(added.id);
      return [201, server.kept.find((a) => a.id === added.id)];
    }
    const [, id, tail] = url.match(/^\/api\/shipping\/(\d+)(\/preferred)?$/) ?? [];
    const found = server.kept.find((a) => a.id === Number(id));
    if (!found) return NOT_FOUND;
    if (method === 'DELETE') {
      server.kept = server.kept.filter((a) => a !== found);
      return [200, { ok: true }];
    }
    if (method === 'PUT' && tail) prefer(found.id);
    else if (method === 'PUT') {
      const { preferred, ...fields } = body as Partial<Address>;
      server.kept = server.kept.map((a) => (a === found ? { ...a, ...fields } : a));
      if (preferred === true) prefer(found.id);
      if (preferred === false) {
        server.kept = server.kept.map((a) => (a.id === found.id ? { ...a, preferred: false } : a));
      }
    }
    return [200, server.kept.find((a) => a.id === found.id)];
  });
  const rendered = renderWithApp(
    <Routes>
      <Route path="/shipping" element={<ShippingRoute />} />
      <Route
        path="/cart"
        element={
          <>
            <p>The cart</p>
            <ShippingSelector address={null} />
          </>
        }
      />
      <Route
        path="/elsewhere"
        element={
          <>
            <p>Another page with a selector</p>
            <ShippingSelector address={null} />
          </>
        }
      />
      <Route path="/settings" element={<p>The settings</p>} />
      <Route path="/user" element={<p>The account</p>} />
    </Routes>,
    { path: { pathname: path, state: from ? shippingFrom(from) : undefined } },
  );
  return { server, calls, unmount: rendered.unmount };
}

const radio = (name: string) => screen.getByRole('radio', { name, hidden: true });

/** Types a whole address into the dialog, under `nickname`. */
async function fillAddress(dialog: HTMLElement, nickname: string) {
  const fill = async (name: string, text: string) =>
    userEvent.type(within(dialog).getByRole('textbox', { name }), text);
  await fill('Nickname', nickname);
  await fill('Recipient name', 'Ada Lovelace');
  await fill('Phone', '555-0100');
  await fill('Street address', '1 Main St');
  await fill('City', 'Springfield');
  await fill('State', 'IL');
  await fill('ZIP code', '62701');
}

async function openDialog(button: string) {
  await userEvent.click(await screen.findByRole('button', { name: button }));
  return screen.findByRole('dialog');
}

async function save(dialog: HTMLElement) {
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(dialog).not.toBeInTheDocument());
}

describe('the shipping page', () => {
  it('sends the default flag on an edit only when the shopper changes the box', async () => {
    const { calls } = renderShipping([address(1, 'Home', true), address(2, 'Work')]);

    // The list may be stale (another tab made Work preferred): an untouched box must not say.
    let dialog = await openDialog('Edit Home');
    const zip = within(dialog).getByRole('textbox', { name: 'ZIP code' });
    await userEvent.clear(zip);
    await userEvent.type(zip, '62704');
    await save(dialog);
    const edit = calls.find((c) => c.method === 'PUT' && c.url === '/api/shipping/1');
    expect(edit?.body).toMatchObject({ zip: '62704' });
    expect(edit?.body).not.toHaveProperty('preferred');

    dialog = await openDialog('Edit Work');
    await userEvent.click(
      within(dialog).getByRole('checkbox', { name: 'Make this my default address' }),
    );
    await save(dialog);
    const ticked = calls.find((c) => c.method === 'PUT' && c.url === '/api/shipping/2');
    expect(ticked?.body).toMatchObject({ preferred: true });
  });

  it('shows the first address as the default, fixed, and then hands focus to it', async () => {
    const { calls } = renderShipping([]);

    const dialog = await openDialog('Add an address');
    const box = within(dialog).getByRole('checkbox', { name: 'Make this my default address' });
    expect(box).toBeChecked();
    expect(box).toBeDisabled();
    expect(box).toHaveAccessibleDescription('Your first address is your default.');

    await fillAddress(dialog, 'Home');
    await save(dialog);

    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ preferred: true });
    // The empty list's Add button is gone with the dialog that it opened.
    await waitFor(() => expect(radio('Home')).toHaveFocus());
    expect(radio('Home')).toBeChecked();
  });

  it('takes focus to the first field in error when a form is refused', async () => {
    const { calls } = renderShipping([address(1, 'Home', true)]);
    const dialog = await openDialog('Add');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const nickname = within(dialog).getByRole('textbox', { name: /Nickname/ });
    await waitFor(() => expect(nickname).toHaveFocus());
    expect(nickname).toHaveAccessibleDescription(/Nickname is required/);
    // With the first fields right, the focus goes further down, to the first still wrong.
    await userEvent.type(nickname, 'Studio');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Recipient name/ }), 'Ada');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: /Phone/ })).toHaveFocus(),
    );
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('shows a nickname another address has under its field, focused, and keeps the dialog', async () => {
    const { calls } = renderShipping([address(1, 'Home', true)]);
    const dialog = await openDialog('Add');
    await fillAddress(dialog, 'HOME');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const nickname = within(dialog).getByRole('textbox', { name: /Nickname/ });
    await waitFor(() => expect(nickname).toHaveFocus());
    expect(nickname).toHaveAccessibleDescription(/Another of your addresses has this nickname/);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(dialog).toBeInTheDocument();
  });

  it('says so when a field stops taking characters at its limit', async () => {
    renderShipping([address(1, 'Home', true)]);
    const dialog = await openDialog('Add');
    const nickname = within(dialog).getByRole('textbox', { name: /Nickname/ });
    await userEvent.type(nickname, 'x'.repeat(39));
    expect(nickname).not.toHaveAccessibleDescription(/at most/);
    await userEvent.type(nickname, 'yz');
    expect(nickname).toHaveValue(`${'x'.repeat(39)}y`);
    expect(nickname).toHaveAccessibleDescription('Nickname takes 40 characters at most.');
    const second = within(dialog).getByRole('textbox', { name: /Apartment/ });
    await userEvent.click(second);
    await userEvent.paste('a'.repeat(130));
    expect(second).toHaveAccessibleDescription(
      'Apartment, suite, floor takes 120 characters at most.',
    );
  });

  it('leaves a later address free to be the default or not', async () => {
    renderShipping([address(1, 'Home', true)]);

    const dialog = await openDialog('Add');
    const box = within(dialog).getByRole('checkbox', { name: 'Make this my default address' });
    expect(box).not.toBeChecked();
    expect(box).toBeEnabled();
  });

  it("keeps the shopper's pick after an edit of another address", async () => {
    const { calls } = renderShipping([address(1, 'Home', true), address(2, 'Work')]);

    await userEvent.click(await screen.findByRole('radio', { name: 'Work' }));
    const dialog = await openDialog('Edit Home');
    const phone = within(dialog).getByRole('textbox', { name: 'Phone' });
    await userEvent.clear(phone);
    await userEvent.type(phone, '555-0199');
    await save(dialog);

    await waitFor(() => expect(radio('Work')).toBeChecked());
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('The cart')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.endsWith('/preferred')).map((c) => c.url)).toEqual([
      '/api/shipping/2/preferred',
    ]);
  });

  it('takes Confirm back to the page of the selector it came from, or to the checkout when opened by its address', async () => {
    const { unmount } = renderShipping([address(1, 'Home', true)], null, '/elsewhere');
    await userEvent.click(screen.getByRole('link', { name: /Select Shipping/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Another page with a selector')).toBeInTheDocument();
    unmount();

    renderShipping([address(1, 'Home', true)], null);
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('The cart')).toBeInTheDocument();
  });

  it.each([
    ['/settings', 'The settings'],
    ['/user', 'The account'],
  ])(
    'takes Confirm back to the page that opened it (%s), not to the checkout',
    async (from, page) => {
      renderShipping([address(1, 'Home', true)], from);
      await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
      expect(await screen.findByText(page)).toBeInTheDocument();
      expect(screen.queryByText('The cart')).not.toBeInTheDocument();
    },
  );

  it('shows what is left when Confirm finds the address removed elsewhere', async () => {
    const { server } = renderShipping([address(1, 'Home', true), address(2, 'Work')]);

    await userEvent.click(await screen.findByRole('radio', { name: 'Work' }));
    server.kept = server.kept.filter((a) => a.id !== 2);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));

    await waitFor(() =>
      expect(screen.queryByRole('radio', { name: 'Work', hidden: true })).not.toBeInTheDocument(),
    );
    expect(radio('Home')).toBeChecked();
    expect(screen.queryByText('The cart')).not.toBeInTheDocument();
  });

  it('takes a Remove of an address removed elsewhere as done', async () => {
    const { server } = renderShipping([address(1, 'Home', true), address(2, 'Work')]);

    const dialog = await openDialog('Remove Work');
    server.kept = server.kept.filter((a) => a.id !== 2);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));

    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(screen.queryByRole('radio', { name: 'Work', hidden: true })).not.toBeInTheDocument();
  });

  it('keeps the removed address in its dialog as it closes, then focuses the next row', async () => {
    renderShipping([address(1, 'Home', true), address(2, 'Work'), address(3, 'Gym')]);

    const dialog = await openDialog('Remove Work');
    const title = within(dialog).getByRole('heading');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));

    await waitFor(() => expect(radio('Gym')).toHaveFocus());
    expect(screen.queryByRole('radio', { name: 'Work', hidden: true })).not.toBeInTheDocument();
    // Read from the heading as it was last drawn, even once the dialog has gone.
    expect(title).toHaveTextContent('Remove “Work”?');
  });

  it('focuses Add an address once the last address is removed', async () => {
    renderShipping([address(1, 'Home', true)]);

    const dialog = await openDialog('Remove Home');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));

    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Add an address', hidden: true })).toHaveFocus(),
    );
  });
});
