import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import {
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type PaymentMethod,
} from '../../../../contracts/order';
import { ApplePayMark, PayPalMark } from './payment-marks';

const MARKS: Record<PaymentMethod, React.ReactNode> = {
  paypal: <PayPalMark height={24} />,
  apple_pay: <ApplePayMark height={24} />,
};

const KEPT_METHOD = 'drape.payment-method';

/**
 * The payment method the shopper picked, kept for the tab's visit (sessionStorage), so a reload
 * in the middle of paying does not quietly switch it back to PayPal.
 */
export function useKeptPaymentMethod(): [PaymentMethod, (method: PaymentMethod) => void] {
  const [method, setMethod] = useState<PaymentMethod>(() => {
    try {
      const kept = sessionStorage.getItem(KEPT_METHOD);
      return PAYMENT_METHODS.find((m) => m === kept) ?? 'paypal';
    } catch {
      return 'paypal';
    }
  });
  const choose = (next: PaymentMethod) => {
    setMethod(next);
    try {
      sessionStorage.setItem(KEPT_METHOD, next);
    } catch {
      // Storage unavailable: the choice lasts as long as the page.
    }
  };
  return [method, choose];
}

/** SPEC's payment choice: PayPal or Apple Pay, by radio. */
export function PaymentMethodPicker({
  value,
  onChange,
  disabled,
}: {
  value: PaymentMethod;
  onChange: (method: PaymentMethod) => void;
  disabled?: boolean;
}) {
  const labelId = useId();
  return (
    <FormControl component="fieldset" sx={{ width: '100%' }} disabled={disabled}>
      <FormLabel id={labelId} component="legend" sx={{ mb: 1, fontWeight: 600 }}>
        Payment method
      </FormLabel>
      <RadioGroup
        aria-labelledby={labelId}
        value={value}
        onChange={(event) => onChange(event.target.value as PaymentMethod)}
        sx={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fit, minmax(min(240px, 100%), 1fr))',
          gap: 1.25,
        }}
      >
        {PAYMENT_METHODS.map((method) => (
          <FormControlLabel
            key={method}
            value={method}
            control={<Radio />}
            label={
              <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1.5 }}>
                {MARKS[method]}
                <Typography sx={{ fontWeight: 600 }}>{PAYMENT_METHOD_LABELS[method]}</Typography>
              </Box>
            }
            sx={{
              m: 0,
              pr: 1.5,
              minWidth: 0,
              py: 0.75,
              border: 1.5,
              borderRadius: '14px',
              bgcolor: 'background.paper',
              borderColor: value === method ? 'primary.main' : 'divider',
            }}
          />
        ))}
      </RadioGroup>
    </FormControl>
  );
}
