// Draws the site's default Open Graph image (public/og-default.png, 1200×630) from the SVG below. Run it again
// after changing the brand: `node scripts/og-image.mjs`. sharp comes with Astro's image pipeline.
import sharp from 'sharp';

const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#3b0764"/>
      <stop offset="1" stop-color="#7e22ce"/>
    </linearGradient>
  </defs>
  <rect width="1200" height="630" fill="url(#bg)"/>
  <g transform="translate(96 96)">
    <rect width="88" height="88" rx="22" fill="#a855f7"/>
    <path d="M24.75 45.4l12.4 12.4L63.25 30.25" fill="none" stroke="#fff" stroke-width="8.8" stroke-linecap="round" stroke-linejoin="round"/>
    <text x="116" y="62" font-family="Liberation Sans, Arial, sans-serif" font-size="48" font-weight="700" fill="#fff">StudyEase</text>
  </g>
  <text x="96" y="330" font-family="Liberation Sans, Arial, sans-serif" font-size="72" font-weight="700" fill="#fff">Study with ease.</text>
  <text x="96" y="420" font-family="Liberation Sans, Arial, sans-serif" font-size="72" font-weight="700" fill="#e9d5ff">Go with AI for free.</text>
  <text x="96" y="520" font-family="Liberation Sans, Arial, sans-serif" font-size="32" fill="#f3e8ff">Step-by-step answers, checked · Hints first · Practice questions</text>
</svg>`;

await sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toFile('public/og-default.png');
console.log('public/og-default.png written');
