import CheckCircle from '@mui/icons-material/CheckCircle';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import type { PaymentSession } from '../../../../contracts/payment';
import { AddressLines } from '../../../components/address-lines';
import { ApplePayMark, PayPalMark } from './payment-marks';

export interface ProviderSheetProps {
  /** The payment waiting for the shopper's word; null closes the sheet. */
  session: PaymentSession | null;
  /** Approving and placing the order. */
  busy: boolean;
  /** The order was placed; the sheet shows it before the confirmation page opens. */
  done?: boolean;
  error: string | null;
  /** Who is paying, as the provider's account shows it. */
  payer: { name: string; email: string | null };
  arrival: string;
  onApprove: () => void;
  onCancel: () => void;
}

/**
 * The provider's own step, as the sandbox plays it: a PayPal approval window or an Apple Pay
 * sheet, each with the amount the server computed and the address the order ships to. Approving
 * takes the payment and places the order; cancelling (the button, Escape, a click outside) ends
 * the payment and leaves the cart as it was. A real provider's script would draw its own.
 */
export function ProviderSheet(props: ProviderSheetProps) {
  const { session } = props;
  if (!session) return null;
  return session.paymentMethod === 'paypal' ? (
    <PayPalSheet {...props} session={session} />
  ) : (
    <ApplePaySheet {...props} session={session} />
  );
}

const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/**
 * A button's props while the sheet is paying or paid: it says it is unavailable and does nothing,
 * but keeps the focus. A disabled button drops it to the page, so a failed payment's Escape, Tab
 * or Enter would start from outside the sheet.
 */
function held(on: boolean | undefined, onClick: () => void) {
  return on ? { 'aria-disabled': true, onClick: undefined } : { onClick };
}
const HELD = '&[aria-disabled="true"]';
/** How a held secondary button looks: faded, as a disabled one did. */
const HELD_QUIET = { opacity: 0.5, cursor: 'default' } as const;

const SANS = '"Helvetica Neue", Helvetica, Arial, sans-serif';
const PAYPAL_BLUE = '#0070e0';
const PAYPAL_NAVY = '#003087';

function SandboxNote({ dark = false }: { dark?: boolean }) {
  return (
    <Typography
      component="span"
      sx={{
        fontSize: 11,
        fontWeight: 700,
        letterSpacing: '0.08em',
        textTransform: 'uppercase',
        px: 1,
        py: 0.25,
        borderRadius: 99,
        bgcolor: dark ? 'rgba(255,255,255,0.14)' : '#fff4ce',
        color: dark ? '#f5f5f7' : '#6a5300',
      }}
    >
      Sandbox
    </Typography>
  );
}

function PayPalSheet({
  session,
  busy,
  done,
  error,
  payer,
  onApprove,
  onCancel,
}: ProviderSheetProps & { session: PaymentSession }) {
  const titleId = useId();
  return (
    <Dialog
      open
      onClose={busy ? undefined : onCancel}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
      slotProps={{
        paper: {
          sx: {
            borderRadius: '16px',
            fontFamily: SANS,
            m: { xs: 1.5, sm: 4 },
            width: { xs: 'calc(100% - 24px)', sm: undefined },
          },
        },
      }}
    >
      <Box sx={{ px: 3, pt: 2.5, pb: 1.5, borderBottom: '1px solid #e6e9ee' }}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <PayPalMark height={30} />
          <SandboxNote />
        </Stack>
        <Typography
          id={titleId}
          component="h2"
          sx={{ fontFamily: SANS, fontSize: 20, fontWeight: 700, color: '#001c64', mt: 2 }}
        >
          Pay with PayPal
        </Typography>
        <Typography sx={{ fontFamily: SANS, fontSize: 14, color: '#545d68' }}>
          Hi, {payer.name}. Drape is asking you to approve this payment.
        </Typography>
      </Box>
      <Stack sx={{ px: 3, py: 2, gap: 2, fontFamily: SANS }}>
        <Box>
          <Typography sx={{ fontFamily: SANS, fontSize: 13, fontWeight: 700, color: '#545d68' }}>
            Ship to
          </Typography>
          {session.address && (
            <AddressLines
              address={session.address}
              sx={{ fontFamily: SANS, fontSize: 15, color: '#001c64' }}
            />
          )}
        </Box>
        <Box>
          <Typography sx={{ fontFamily: SANS, fontSize: 13, fontWeight: 700, color: '#545d68' }}>
            Pay with
          </Typography>
          <Box
            sx={{
              mt: 0.5,
              p: 1.5,
              border: `2px solid ${PAYPAL_BLUE}`,
              borderRadius: '10px',
              display: 'flex',
              justifyContent: 'space-between',
              alignItems: 'center',
            }}
          >
            <Box sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
              <Typography sx={{ fontFamily: SANS, fontWeight: 700, color: '#001c64' }}>
                PayPal balance
              </Typography>
              <Typography sx={{ fontFamily: SANS, fontSize: 13, color: '#545d68' }}>
                {payer.email ?? 'Sandbox account'}
              </Typography>
            </Box>
            <Typography sx={{ fontFamily: SANS, fontWeight: 700, color: '#001c64', pl: 1 }}>
              {session.amount}
            </Typography>
          </Box>
        </Box>
        <Stack
          direction="row"
          sx={{ justifyContent: 'space-between', alignItems: 'baseline', pt: 0.5 }}
        >
          <Typography sx={{ fontFamily: SANS, fontSize: 15, color: '#001c64' }}>
            Total to Drape
          </Typography>
          <Typography
            data-testid="provider-amount"
            sx={{ fontFamily: SANS, fontSize: 22, fontWeight: 700, color: '#001c64' }}
          >
            {session.amount} USD
          </Typography>
        </Stack>
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
        <Button
          {...held(busy || done, onApprove)}
          fullWidth
          sx={{
            fontFamily: SANS,
            fontSize: 17,
            fontWeight: 700,
            borderRadius: 99,
            minHeight: 48,
            bgcolor: PAYPAL_BLUE,
            color: '#fff',
            '&:hover': { bgcolor: PAYPAL_NAVY },
            [HELD]: { bgcolor: PAYPAL_BLUE, color: '#fff', opacity: 0.75, cursor: 'default' },
          }}
          startIcon={
            busy ? (
              <CircularProgress size={18} color="inherit" aria-hidden />
            ) : done ? (
              <CheckCircle />
            ) : null
          }
        >
          {done ? 'Paid' : busy ? 'Processing…' : 'Complete Purchase'}
        </Button>
        <Button
          {...held(busy || done, onCancel)}
          sx={{
            fontFamily: SANS,
            fontWeight: 700,
            color: PAYPAL_BLUE,
            alignSelf: 'center',
            [HELD]: HELD_QUIET,
          }}
        >
          Cancel and return to Drape
        </Button>
      </Stack>
    </Dialog>
  );
}

function SheetRow({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: '84px minmax(0, 1fr)',
        gap: 1.5,
        py: 1.5,
        borderBottom: '1px solid rgba(255,255,255,0.12)',
      }}
    >
      <Typography
        sx={{ fontFamily: SANS, fontSize: 13, color: '#a1a1a6', textTransform: 'uppercase' }}
      >
        {label}
      </Typography>
      <Box
        sx={{
          fontFamily: SANS,
          fontSize: 15,
          color: '#f5f5f7',
          minWidth: 0,
          overflowWrap: 'anywhere',
        }}
      >
        {children}
      </Box>
    </Box>
  );
}

function ApplePaySheet({
  session,
  busy,
  done,
  error,
  payer,
  arrival,
  onApprove,
  onCancel,
}: ProviderSheetProps & { session: PaymentSession }) {
  const titleId = useId();
  return (
    <Dialog
      open
      onClose={busy ? undefined : onCancel}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
      sx={{ '& .MuiDialog-container': { alignItems: { xs: 'flex-end', sm: 'center' } } }}
      slotProps={{
        paper: {
          sx: {
            m: { xs: 0, sm: 4 },
            width: { xs: '100%', sm: undefined },
            maxWidth: { xs: '100%', sm: 420 },
            borderRadius: { xs: '22px 22px 0 0', sm: '22px' },
            bgcolor: '#1c1c1e',
            color: '#f5f5f7',
            backgroundImage: 'none',
          },
        },
      }}
    >
      <Box sx={{ px: 2.5, pt: 2, pb: 2.5, fontFamily: SANS }}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
            {/* The mark is a picture; the sheet's name is said in words for screen readers. */}
            <Typography id={titleId} component="h2" sx={VISUALLY_HIDDEN}>
              Apple Pay
            </Typography>
            <ApplePayMark height={28} />
            <SandboxNote dark />
          </Stack>
          <Button
            {...held(busy || done, onCancel)}
            sx={{
              fontFamily: SANS,
              fontSize: 16,
              fontWeight: 500,
              color: '#0a84ff',
              [HELD]: HELD_QUIET,
            }}
          >
            Cancel
          </Button>
        </Stack>
        <Box sx={{ mt: 1.5, borderTop: '1px solid rgba(255,255,255,0.12)' }}>
          <SheetRow label="Card">
            <Typography sx={{ fontFamily: SANS, fontSize: 15 }}>Sandbox Card •••• 4242</Typography>
          </SheetRow>
          <SheetRow label="Ship to">
            {session.address ? (
              <AddressLines
                address={session.address}
                sx={{ fontFamily: SANS, fontSize: 15, color: '#f5f5f7' }}
              />
            ) : (
              'No address'
            )}
          </SheetRow>
          <SheetRow label="Contact">
            <Typography sx={{ fontFamily: SANS, fontSize: 15 }}>
              {payer.email ?? payer.name}
            </Typography>
          </SheetRow>
          <SheetRow label="Delivery">
            <Typography sx={{ fontFamily: SANS, fontSize: 15 }}>Standard · {arrival}</Typography>
          </SheetRow>
        </Box>
        <Stack
          direction="row"
          sx={{ justifyContent: 'space-between', alignItems: 'baseline', pt: 2, pb: 2 }}
        >
          <Typography sx={{ fontFamily: SANS, fontSize: 15, color: '#a1a1a6' }}>
            PAY DRAPE
          </Typography>
          <Typography
            data-testid="provider-amount"
            sx={{ fontFamily: SANS, fontSize: 28, fontWeight: 600 }}
          >
            {session.amount}
          </Typography>
        </Stack>
        {error && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <Button
          {...held(busy || done, onApprove)}
          fullWidth
          startIcon={
            busy ? (
              <CircularProgress size={18} color="inherit" aria-hidden />
            ) : done ? (
              <CheckCircle sx={{ color: '#30d158' }} />
            ) : (
              <LockOutlined />
            )
          }
          sx={{
            fontFamily: SANS,
            fontSize: 17,
            fontWeight: 600,
            minHeight: 50,
            borderRadius: '12px',
            bgcolor: '#f5f5f7',
            color: '#000',
            '&:hover': { bgcolor: '#fff' },
            [HELD]: { bgcolor: '#f5f5f7', color: '#000', opacity: 0.8, cursor: 'default' },
          }}
        >
          {done ? 'Done' : busy ? 'Processing…' : 'Pay with Apple Pay'}
        </Button>
      </Box>
    </Dialog>
  );
}
