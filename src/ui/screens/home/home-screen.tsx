import { Banner } from './banner.tsx';
import { AppBlock, FeaturesBlock, StepsBlock, WhyBlock } from './home-blocks.tsx';
import { HomeMarkets } from './market-table.tsx';

export default function HomeScreen() {
  return (
    <div className="home">
      <Banner />
      <HomeMarkets />
      <WhyBlock />
      <FeaturesBlock />
      <StepsBlock />
      <AppBlock />
    </div>
  );
}
