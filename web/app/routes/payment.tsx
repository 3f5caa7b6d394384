import ArrowBack from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { Page } from '../../components/page';

/** SPEC keeps /payment empty: payment is chosen on the cart page. */
export default function PaymentRoute() {
  return (
    <Page title="Payment" subtitle="Choose PayPal or Apple Pay on the checkout page.">
      <Button component={RouterLink} to="/cart" startIcon={<ArrowBack />} variant="outlined">
        Back to the cart
      </Button>
    </Page>
  );
}
