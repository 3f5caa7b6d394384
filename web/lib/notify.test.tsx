import Dialog from '@mui/material/Dialog';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
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
    expect(document.body.childElementCount).toBe(1);

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Address saved');

    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByText('Address saved')).toBeNull());
  });
});

function Sheet() {
  const notify = useNotify();
  return (
    <Dialog open aria-label="Piece">
      <button type="button" onClick={() => notify('Added to your bag', 'success')}>
        Add
      </button>
    </Dialog>
  );
}

describe('a message while a sheet is open', () => {
  it('is outside what the sheet hides from screen readers, even after an earlier message', async () => {
    function Page() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <Saver />
          <button type="button" onClick={() => setOpen(true)}>
            Open
          </button>
          {open && <Sheet />}
        </>
      );
    }
    render(
      <NotifyProvider>
        <Page />
      </NotifyProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Address saved');

    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Add' }));
    // Queries by role leave out what is hidden from screen readers (aria-hidden).
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Added to your bag'));
  });
});
