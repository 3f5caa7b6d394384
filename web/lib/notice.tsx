import Close from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Snackbar from '@mui/material/Snackbar';
import { createPortal } from 'react-dom';
import { Themed } from '../app/themed';

export type Severity = 'success' | 'info' | 'warning' | 'error';
/** A button beside the message, such as Undo; pressing it closes the message. */
export interface NoticeAction {
  label: string;
  onAction: () => void;
}
export interface Message {
  id: number;
  text: string;
  severity: Severity;
  action?: NoticeAction | undefined;
}

/**
 * The message bar itself, drawn with MUI; loaded with the first message (see notify.tsx). Each
 * message is a new element at the end of the page's body: an open sheet hides from screen readers
 * what the body held when it opened, so a message drawn inside the app, or kept from before,
 * would not be heard while a sheet is open.
 */
export default function Notice({
  message,
  open,
  onClose,
}: {
  message: Message;
  open: boolean;
  onClose: () => void;
}) {
  return createPortal(
    <Themed>
      <Snackbar
        key={message.id}
        open={open}
        // A message with a button stays longer, so there is time to reach it.
        autoHideDuration={message.action ? 10_000 : 4000}
        onClose={(_, reason) => reason !== 'clickaway' && onClose()}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        sx={{ bottom: { xs: 88, sm: 24 } }}
      >
        <Alert
          severity={message.severity}
          variant="filled"
          onClose={onClose}
          // An action takes the place of Alert's own close button, so both are drawn here.
          action={
            message.action && (
              <>
                <Button
                  color="inherit"
                  size="small"
                  onClick={() => {
                    onClose();
                    message.action?.onAction();
                  }}
                >
                  {message.action.label}
                </Button>
                <IconButton color="inherit" size="small" aria-label="Close" onClick={onClose}>
                  <Close fontSize="small" />
                </IconButton>
              </>
            )
          }
          // At 200% zoom on a phone the buttons drop under the words, rather than squeeze them
          // to a letter a line.
          sx={{
            width: '100%',
            flexWrap: 'wrap',
            '& .MuiAlert-message': { flex: '1 1 0', minWidth: '6em' },
            '& .MuiAlert-action': { ml: 'auto' },
          }}
        >
          {message.text}
        </Alert>
      </Snackbar>
    </Themed>,
    document.body,
  );
}
