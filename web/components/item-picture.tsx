import Box from '@mui/material/Box';

/** A piece's picture on a card: 4:5, full width, loaded when it nears the screen. */
export function ItemPicture({ src }: { src: string }) {
  return (
    <Box
      component="img"
      src={src}
      alt=""
      loading="lazy"
      sx={{
        width: '100%',
        aspectRatio: '4 / 5',
        objectFit: 'cover',
        display: 'block',
        bgcolor: '#efe8dd',
      }}
    />
  );
}
