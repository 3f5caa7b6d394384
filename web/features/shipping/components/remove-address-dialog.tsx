import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import type { Address } from '../../../../contracts/shipping';
import { ApiRequestError } from '../../../lib/api-client';
import { useNotify } from '../../../lib/notify';
import { useDeleteAddress } from '../api/delete-address';

/** Asks before removing an address; past orders keep their own copy of it. */
export function RemoveAddressDialog({
  address,
  onClose,
}: {
  address: Address | null;
  onClose: () => void;
}) {
  const remove = useDeleteAddress();
  const notify = useNotify();
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open={address !== null}
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
            remove.mutate(address.id, {
              onSuccess: () => {
                notify(`Removed ${address.nickname}`, 'success');
                onClose();
              },
              onError: (error) =>
                notify(
                  error instanceof ApiRequestError ? error.message : 'That did not work.',
                  'error',
                ),
            });
          }}
        >
          Remove
        </Button>
      </DialogActions>
    </Dialog>
  );
}
