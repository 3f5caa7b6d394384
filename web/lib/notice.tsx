import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { createPortal } from 'react-dom';
import { Themed } from '../app/themed';

export type Severity = 'success' | 'info' | 'warning' | 'error';
export interface Message {
  id: number;
  text: string;
  severity: Severity;
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
        autoHideDuration={4000}
        onClose={(_, reason) => reason !== 'clickaway' && onClose()}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        sx={{ bottom: { xs: 88, sm: 24 } }}
      >
        <Alert
          severity={message.severity}
          variant="filled"
          onClose={onClose}
          sx={{ width: '100%' }}
        >
          {message.text}
        </Alert>
      </Snackbar>
    </Themed>,
    document.body,
  );
}
