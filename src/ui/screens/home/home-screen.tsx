import { Banner } from './banner.tsx';
import { AppBlock, FeaturesBlock, StepsBlock, WhyBlock } from './home-blocks.tsx';
import { MarketTable } from './market-table.tsx';

export default function HomeScreen() {
  return (
    <div className="home">
      <Banner />
      <MarketTable />
      <WhyBlock />
      <FeaturesBlock />
      <StepsBlock />
      <AppBlock />
    </div>
  );
}
