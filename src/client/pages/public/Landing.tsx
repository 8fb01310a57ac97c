import { ClosingCta } from '../../components/public/landing/ClosingCta';
import { Features } from '../../components/public/landing/Features';
import { GettingStarted } from '../../components/public/landing/GettingStarted';
import { Hero } from '../../components/public/landing/Hero';
import { Showcases } from '../../components/public/landing/Showcases';
import { StatsStrip } from '../../components/public/landing/StatsStrip';
import { UseCases } from '../../components/public/landing/UseCases';

/** Spec section 2's landing page, its sections in order. The footer is the public layout's. */
export default function Landing() {
  return (
    <>
      <Hero />
      <StatsStrip />
      <Features />
      <GettingStarted />
      <Showcases />
      <UseCases />
      <ClosingCta />
    </>
  );
}
