import Box from '@mui/material/Box';

/**
 * Simple drawn marks for the two payment methods, inline so no picture leaves the shop. They
 * are decoration: the radio's own label names the method.
 */
export function PayPalMark({ height = 28 }: { height?: number }) {
  return (
    <Box
      component="svg"
      viewBox="0 0 100 32"
      aria-hidden
      focusable="false"
      sx={{ height, width: 'auto', display: 'block' }}
    >
      <rect x="0.5" y="0.5" width="99" height="31" rx="7" fill="#fff" stroke="#d6dbe3" />
      <path
        d="M13 25l3.4-18h6.2c3.8 0 5.6 2 5 5-.7 3.6-3.5 5.3-7 5.3h-2.7L16.6 25z"
        fill="#003087"
      />
      <path
        d="M16.8 27l3-15h6c3.4 0 5 1.8 4.4 4.6-.6 3.2-3.2 4.8-6.3 4.8h-2.4L20.4 27z"
        fill="#009cde"
        opacity="0.85"
      />
      <text
        x="36"
        y="21.5"
        fontFamily="Verdana, Arial, sans-serif"
        fontSize="14"
        fontStyle="italic"
        fontWeight="700"
      >
        <tspan fill="#003087">Pay</tspan>
        <tspan fill="#009cde">Pal</tspan>
      </text>
    </Box>
  );
}

export function ApplePayMark({ height = 28 }: { height?: number }) {
  return (
    <Box
      component="svg"
      viewBox="0 0 100 32"
      aria-hidden
      focusable="false"
      sx={{ height, width: 'auto', display: 'block' }}
    >
      <rect width="100" height="32" rx="7" fill="#000" />
      <path
        d="M33.6 16.9c0-2.4 2-3.5 2-3.6-1.1-1.6-2.8-1.8-3.4-1.8-1.4-.2-2.8.8-3.5.8-.7 0-1.9-.8-3-.8-1.6 0-3 .9-3.8 2.3-1.6 2.8-.4 6.9 1.2 9.2.8 1.1 1.7 2.4 2.9 2.3 1.2 0 1.6-.7 3-.7s1.8.7 3 .7c1.3 0 2.1-1.1 2.8-2.3.9-1.3 1.3-2.5 1.3-2.6-.1 0-2.5-.9-2.5-3.5zM31.3 10c.6-.8 1.1-1.8 1-2.9-.9 0-2.1.6-2.7 1.4-.6.7-1.1 1.8-1 2.8 1 .1 2.1-.5 2.7-1.3z"
        fill="#fff"
      />
      <text
        x="40"
        y="22"
        fontFamily="-apple-system, 'Helvetica Neue', Arial, sans-serif"
        fontSize="15"
        fontWeight="600"
        fill="#fff"
      >
        Pay
      </text>
    </Box>
  );
}
