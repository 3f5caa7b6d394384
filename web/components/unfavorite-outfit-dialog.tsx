import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useOpenedOnce } from '../lib/use-opened-once';

/** SPEC's warning before an outfit leaves the favorites: the pieces it brought go with it. */
export function UnfavoriteOutfitDialog({
  outfitName,
  open,
  busy,
  restoreFocus = true,
  onCancel,
  onConfirm,
}: {
  outfitName: string;
  open: boolean;
  busy: boolean;
  /** Off when what opened it is going away: the caller then says where focus goes. */
  restoreFocus?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  if (!useOpenedOnce(open)) return null;
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onCancel}
      disableRestoreFocus={!restoreFocus}
      aria-labelledby="unfavorite-title"
      aria-describedby="unfavorite-body"
    >
      <DialogTitle id="unfavorite-title">Remove “{outfitName}” from your faves?</DialogTitle>
      <DialogContent>
        <DialogContentText id="unfavorite-body">
          All the pieces that came with this outfit are removed from your favorites too, with the
          colours, sizes and quantities you chose. Pieces you hearted on their own stay.
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onCancel} disabled={busy}>
          Keep it
        </Button>
        <Button variant="contained" color="error" onClick={onConfirm} disabled={busy} autoFocus>
          Remove outfit
        </Button>
      </DialogActions>
    </Dialog>
  );
}
