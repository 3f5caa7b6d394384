import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { PaymentMethodPicker, useKeptPaymentMethod } from './payment-method-picker';

function Kept() {
  const [method, setMethod] = useKeptPaymentMethod();
  return <PaymentMethodPicker value={method} onChange={setMethod} />;
}

describe('useKeptPaymentMethod', () => {
  afterEach(() => sessionStorage.clear());

  it('keeps the method picked for the visit, so a reload shows it still picked', async () => {
    const first = renderWithApp(<Kept />);
    expect(screen.getByRole('radio', { name: 'PayPal' })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: 'Apple Pay' }));
    first.unmount();
    renderWithApp(<Kept />);
    expect(screen.getByRole('radio', { name: 'Apple Pay' })).toBeChecked();
  });

  it('starts at PayPal when what was kept is not a method', () => {
    sessionStorage.setItem('drape.payment-method', 'card');
    renderWithApp(<Kept />);
    expect(screen.getByRole('radio', { name: 'PayPal' })).toBeChecked();
  });
});
