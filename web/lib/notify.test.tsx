import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { NotifyProvider, useNotify } from './notify';

function Saver() {
  const notify = useNotify();
  return (
    <button type="button" onClick={() => notify('Address saved', 'success')}>
      Save
    </button>
  );
}

describe('NotifyProvider', () => {
  it('draws nothing until the first message, then shows it until it is closed', async () => {
    const { container } = render(
      <NotifyProvider>
        <Saver />
      </NotifyProvider>,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(container.childElementCount).toBe(1);

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Address saved');

    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByText('Address saved')).toBeNull());
  });
});
