import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { Themed } from '../app/themed';

export type Severity = 'success' | 'info' | 'warning' | 'error';
export interface Message {
  id: number;
  text: string;
  severity: Severity;
}

/** The message bar itself, drawn with MUI; loaded with the first message (see notify.tsx). */
export default function Notice({
  message,
  onClose,
}: {
  message: Message | null;
  onClose: () => void;
}) {
  return (
    <Themed>
      <Snackbar
        key={message?.id}
        open={message !== null}
        autoHideDuration={4000}
        onClose={(_, reason) => reason !== 'clickaway' && onClose()}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        sx={{ bottom: { xs: 88, sm: 24 } }}
      >
        <Alert
          severity={message?.severity ?? 'info'}
          variant="filled"
          onClose={onClose}
          sx={{ width: '100%' }}
        >
          {message?.text}
        </Alert>
      </Snackbar>
    </Themed>
  );
}
