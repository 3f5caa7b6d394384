import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ada } from '../../test/fixtures';
import { mockApi, renderWithApp } from '../../test/render';
import CheckoutRoute from './checkout';

function renderConfirmation(path: string, order: [number, unknown]) {
  mockApi((_method, url) => {
    if (url === '/api/user') return [200, ada];
    if (url.startsWith('/api/buy/')) return order;
    return [404, { error: { code: 'not_found', message: 'Not found.' } }];
  });
  renderWithApp(
    <Routes>
      <Route path="/checkout" element={<CheckoutRoute />} />
    </Routes>,
    { path },
  );
}

describe('Order Confirmation', () => {
  it('says an order number names no order, and leads to the orders, without a retry', async () => {
    renderConfirmation('/checkout?order=DR-000000-XXXXXX', [
      404,
      { error: { code: 'not_found', message: 'That order does not exist.' } },
    ]);
    expect(await screen.findByText('No such order')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See your orders' })).toHaveAttribute(
      'href',
      '/orders',
    );
    expect(screen.queryByRole('button', { name: /try again/i })).toBeNull();
  });

  it('offers a retry when the order could not be read', async () => {
    renderConfirmation('/checkout?order=DR-000001-ABCDEF', [
      500,
      { error: { code: 'internal', message: 'Something went wrong on our side.' } },
    ]);
    expect(await screen.findByRole('button', { name: /try again/i })).toBeInTheDocument();
    expect(screen.queryByText('No such order')).toBeNull();
  });
});
