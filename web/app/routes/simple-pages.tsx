import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { Page } from '../../components/page';
import { useUser } from '../../features/auth/api/get-user';
import { shippingFrom } from '../../features/shipping/components/return-to';

export function AboutRoute() {
  return (
    <Page
      title="About Drape"
      subtitle="Outfit discovery for people who would rather swipe than scroll."
    >
      <Stack spacing={2}>
        <Typography>
          Drape shows you complete outfits, five pieces each: outerwear, a top, an accessory, a
          bottom and footwear. Swipe right on the looks you love and they land in your favorites
          with every piece; swipe left and we learn what is not for you. The more you swipe, the
          better the next outfit fits your taste.
        </Typography>
        <Typography>
          Heart single pieces, pick the colour and size you want, and buy the whole look or just the
          parts you need. Everything you buy moves into your closet, sorted by occasion and
          category.
        </Typography>
      </Stack>
    </Page>
  );
}

export function UserRoute() {
  const { data: user } = useUser();
  if (!user) return null;
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return (
    <Page title={`Welcome, ${user.firstName ?? user.username}`} subtitle="Your Drape account">
      <Card>
        <CardContent>
          {/* An e-mail address is one long word: it may break anywhere rather than overflow. */}
          <Stack spacing={1} sx={{ overflowWrap: 'anywhere' }}>
            <Typography>
              <strong>Username:</strong> {user.username}
            </Typography>
            <Typography>
              <strong>Account id:</strong> {user.id}
            </Typography>
            {name && (
              <Typography>
                <strong>Name:</strong> {name}
              </Typography>
            )}
            {user.email && (
              <Typography>
                <strong>Email:</strong> {user.email}
              </Typography>
            )}
          </Stack>
        </CardContent>
      </Card>
      <Stack direction="row" spacing={2} sx={{ mt: 3 }}>
        <Link component={RouterLink} to="/orders" color="secondary" sx={{ fontWeight: 600 }}>
          Your orders
        </Link>
        <Link
          component={RouterLink}
          to="/shipping"
          state={shippingFrom('/user')}
          color="secondary"
          sx={{ fontWeight: 600 }}
        >
          Shipping addresses
        </Link>
      </Stack>
    </Page>
  );
}

export function InfoRoute() {
  return (
    <Page title="Info" subtitle="How Drape works, and how we look after your data.">
      <Stack spacing={3}>
        <section>
          <Typography variant="h4" component="h2" gutterBottom>
            Swiping
          </Typography>
          <Typography>
            Right is favorite, left is reject; the arrow keys work too, and Undo takes back your
            last swipe. Outfits you have swiped do not come back to your feed; the ones you passed
            on, and favorites you later removed, come back when you choose to see passed outfits
            again.
          </Typography>
        </section>
        <section>
          <Typography variant="h4" component="h2" gutterBottom>
            Shipping and payment
          </Typography>
          <Typography>
            Shipping is a flat $19.99 per order and arrives in three to five business days. Pay with
            PayPal or Apple Pay; Drape never stores card details.
          </Typography>
        </section>
        <section>
          <Typography variant="h4" component="h2" gutterBottom>
            Your data
          </Typography>
          <Typography>
            Your password is stored only as an argon2id hash and your session lives in a secure
            cookie that ends when you log out. Nobody else can see your favorites, closet, addresses
            or orders.
          </Typography>
        </section>
      </Stack>
    </Page>
  );
}
