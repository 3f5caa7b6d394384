import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import type { Address } from '../../../../contracts/shipping';
import { ApiRequestError } from '../../../lib/api-client';
import { messageOf } from '../../../lib/error-message';
import { useNotify } from '../../../lib/notify';
import { useDeleteAddress } from '../api/delete-address';

/** Asks before removing an address; past orders keep their own copy of it. */
export function RemoveAddressDialog({
  open,
  address,
  onClose,
  onRemoved,
}: {
  open: boolean;
  /** Kept while the dialog closes, so its words stay as it fades. */
  address: Address | null;
  onClose: () => void;
  /** It is gone, removed here or already elsewhere; called before `onClose`. */
  onRemoved?: (address: Address) => void;
}) {
  const remove = useDeleteAddress();
  const notify = useNotify();
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open={open}
      onClose={remove.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
    >
      <DialogTitle id={titleId} sx={{ fontFamily: 'inherit', fontWeight: 700 }}>
        Remove “{address?.nickname}”?
      </DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>
          {address?.street_address}, {address?.city}, {address?.state} {address?.zip} will no longer
          be offered at checkout. Orders already placed keep their address.
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} disabled={remove.isPending}>
          Keep it
        </Button>
        <Button
          variant="contained"
          color="error"
          disabled={remove.isPending}
          onClick={() => {
            if (!address) return;
            const removed = (message: string) => {
              notify(message, 'success');
              onRemoved?.(address);
              onClose();
            };
            remove.mutate(address.id, {
              onSuccess: () => removed(`Removed ${address.nickname}`),
              onError: (error) => {
                // Removed in another tab: what was asked is done, and trying again cannot help.
                if (error instanceof ApiRequestError && error.status === 404) {
                  removed(`${address.nickname} was already removed`);
                  return;
                }
                notify(messageOf(error, 'That did not work.'), 'error');
              },
            });
          }}
        >
          Remove
        </Button>
      </DialogActions>
    </Dialog>
  );
}
