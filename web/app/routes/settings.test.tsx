import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ada, address } from '../../test/fixtures';
import { mockApi, renderWithApp } from '../../test/render';
import SettingsRoute from './settings';
import ShippingRoute from './shipping';

const home = address(1, 'Home', true);

/** Settings and Shipping over a server whose address list answers as `addresses` says. */
function renderSettings(addresses: () => [number, unknown] | Promise<[number, unknown]>) {
  mockApi((method, url) => {
    if (url === '/api/user') return [200, ada];
    if (url === '/api/shipping' && method === 'GET') return addresses();
    return [200, home];
  });
  const { queryClient } = renderWithApp(
    <Routes>
      <Route path="/settings" element={<SettingsRoute />} />
      <Route path="/shipping" element={<ShippingRoute />} />
      <Route path="/cart" element={<p>The cart</p>} />
    </Routes>,
    { path: '/settings' },
  );
  return queryClient;
}

const noAddresses = /Add where your orders go/;

describe('Settings', () => {
  it('does not ask for an address while the addresses are still coming', async () => {
    renderSettings(() => new Promise(() => {}));
    expect(await screen.findByText(/Signed in as ada/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Shipping addresses/ })).toBeInTheDocument();
    expect(screen.queryByText(noAddresses)).not.toBeInTheDocument();
  });

  it('says the addresses could not be loaded, rather than that there are none', async () => {
    renderSettings(() => [500, { error: { code: 'internal', message: 'The shop is down.' } }]);
    expect(
      await screen.findByText('Your addresses could not be loaded just now'),
    ).toBeInTheDocument();
    expect(screen.queryByText(noAddresses)).not.toBeInTheDocument();
  });

  it('keeps showing the default address when reading the addresses again fails', async () => {
    let down = false;
    const queryClient = renderSettings(() =>
      down ? [500, { error: { code: 'internal', message: 'The shop is down.' } }] : [200, [home]],
    );
    expect(await screen.findByText('Default: Home, Springfield')).toBeInTheDocument();
    down = true;
    await act(() => queryClient.refetchQueries());
    expect(screen.getByText('Default: Home, Springfield')).toBeInTheDocument();
    expect(screen.queryByText(/could not be loaded/)).not.toBeInTheDocument();
  });

  it('shows the default address, and comes back here from Shipping’s Confirm', async () => {
    renderSettings(() => [200, [home]]);
    await userEvent.click(
      await screen.findByRole('link', { name: /Shipping addresses Default: Home, Springfield/ }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeInTheDocument();
    expect(screen.queryByText('The cart')).not.toBeInTheDocument();
  });
});
