import { brandColours } from '../lib/brand';

export interface SocialCardProps {
  title: string;
  /** A few words above the title: the article's category, the trade. */
  eyebrow: string;
  brand: string;
  /** The site's host name, shown as people would type it. */
  host: string;
  /** The logo as a data: URL (the generator draws it from content/images/). */
  logo: string;
}

/**
 * The image social networks show when an article or trade page is shared,
 * 1200 × 630. Drawn straight to a PNG by takumi (src/images/social-cards.ts),
 * from inline styles and flex layout only: no classes, no stylesheet.
 */
export function SocialCard({ title, eyebrow, brand, host, logo }: SocialCardProps) {
  return (
    <div
      style={{
        boxSizing: 'border-box',
        width: 1200,
        height: 630,
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
        padding: '64px 72px',
        backgroundColor: brandColours.brand,
        color: 'white',
        fontFamily: 'Inter',
      }}
    >
      <div style={{ display: 'flex', flexDirection: 'column' }}>
        <div style={{ width: 96, height: 8, borderRadius: 4, backgroundColor: brandColours.accent }} />
        <div style={{ marginTop: 32, fontSize: 30, fontWeight: 700, letterSpacing: 2, color: brandColours.brandPale }}>
          {eyebrow.toUpperCase()}
        </div>
        {/* A word too long for a line (a web address, a run-together name) breaks rather than run off the card. */}
        <div
          style={{
            marginTop: 20,
            fontSize: 68,
            fontWeight: 700,
            lineHeight: 1.12,
            letterSpacing: -1,
            overflowWrap: 'break-word',
          }}
        >
          {title}
        </div>
      </div>
      <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
        <div style={{ display: 'flex', alignItems: 'center' }}>
          <img
            src={logo}
            alt=""
            width={72}
            height={72}
            // The border outside the logo's 72 pixels, as a browser draws an image (takumi's default puts it inside).
            style={{ boxSizing: 'content-box', borderRadius: 18, border: `3px solid ${brandColours.brandPale}` }}
          />
          <div style={{ marginLeft: 24, fontSize: 36, fontWeight: 700 }}>{brand}</div>
        </div>
        <div style={{ fontSize: 28, color: brandColours.brandPale }}>{host}</div>
      </div>
    </div>
  );
}
