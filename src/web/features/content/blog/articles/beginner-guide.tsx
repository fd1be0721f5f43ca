import { TRIAL_DAYS } from '../../../../../shared/constants';

export function BeginnerGuideArticle() {
  return (
    <>
      <p>
        The foreign exchange market is the largest financial market in the world, open around the clock on weekdays, and
        easier than ever to reach from a phone. That accessibility is both its appeal and its danger. This guide
        explains the basic vocabulary, shows how to read a price chart, and suggests a simple, careful routine for your
        first steps. It is meant for people starting from zero.
      </p>

      <h2>What you are actually trading</h2>
      <p>
        In forex you always trade one currency against another, so prices are quoted in <strong>pairs</strong>. In
        EUR/USD the first currency (the euro) is the <strong>base</strong> and the second (the US dollar) is the
        <strong> quote</strong>. A price of 1.0850 means one euro costs 1.0850 dollars. Buying the pair means you expect
        the euro to strengthen against the dollar; selling it means you expect the opposite.
      </p>
      <p>
        The most traded pairs, called the majors, all include the US dollar: EUR/USD, GBP/USD, USD/JPY, USD/CHF,
        AUD/USD, USD/CAD and NZD/USD. They usually have the lowest trading costs, which makes them the natural place for
        a beginner to start.
      </p>

      <h2>Pips, lots and spreads</h2>
      <p>
        A <strong>pip</strong> is the standard unit of price movement. For most pairs it is the fourth decimal place: if
        EUR/USD moves from 1.0850 to 1.0851, it has moved one pip. For pairs that include the Japanese yen it is the
        second decimal place, so USD/JPY moving from 151.20 to 151.21 is one pip.
      </p>
      <p>
        Position size is measured in <strong>lots</strong>. A standard lot is 100,000 units of the base currency, a mini
        lot 10,000 and a micro lot 1,000 (written as 0.01 lots). On EUR/USD, one pip is worth roughly 10 dollars per
        standard lot, 1 dollar per mini lot and ten cents per micro lot. Starting with micro lots keeps the money at
        stake small while you learn.
      </p>
      <p>
        The <strong>spread</strong> is the difference between the price you can buy at and the price you can sell at. It
        is the broker's main charge, and it means every trade starts slightly negative. Spreads widen at quiet hours and
        around major news.
      </p>

      <h2>Leverage and margin</h2>
      <p>
        Brokers let you open positions much larger than your deposit by putting up only a fraction as
        <strong> margin</strong>. This is leverage. It works both ways: a small move in your favour is a large gain
        relative to your deposit, and a small move against you is a large loss. Leverage is the main reason most retail
        forex accounts lose money. The defence is to size every position from the amount you are prepared to lose, not
        from the amount the broker lets you open.
      </p>

      <h2>Reading a candlestick chart</h2>
      <p>
        Most traders use candlestick charts. Each candle covers one period of time and shows four prices: the
        <strong> open</strong>, the <strong>high</strong>, the <strong>low</strong> and the <strong>close</strong>.
      </p>
      <ul>
        <li>The thick part, the body, spans the open and the close.</li>
        <li>
          A candle that closed higher than it opened is usually drawn green or hollow; one that closed lower is red or
          filled.
        </li>
        <li>The thin lines above and below, the wicks, show how far price travelled before the close.</li>
      </ul>
      <p>
        Long bodies show conviction. Long wicks show rejection: price went somewhere and was pushed back. The price axis
        on the right tells you the levels; the time axis at the bottom tells you when.
      </p>

      <h2>Time frames</h2>
      <p>
        The same market looks completely different on a 15-minute chart, a one-hour chart, a four-hour chart and a daily
        chart. Shorter time frames show more detail and more noise, and need more screen time and faster decisions.
        Longer time frames move slowly and give clearer trends, with wider stops. Many beginners do better on the
        four-hour and daily charts, where there is time to think.
      </p>
      <p>
        A useful habit is to look at one time frame above the one you trade. If the daily chart is clearly rising, buy
        setups on the one-hour chart are working with the bigger flow rather than against it.
      </p>

      <h2>Trading sessions</h2>
      <p>
        Forex trades in overlapping sessions as the business day moves around the globe: Asia (Tokyo), Europe (London)
        and North America (New York). Activity, and usually the size of moves, is greatest when London and New York
        overlap. Pairs tend to be most active when their own financial centres are open.
      </p>

      <h2>A first routine for reading a chart</h2>
      <ol>
        <li>
          <strong>Trend:</strong> on the higher time frame, are highs and lows rising, falling, or going sideways?
        </li>
        <li>
          <strong>Levels:</strong> mark two or three prices where the market clearly turned before.
        </li>
        <li>
          <strong>Location:</strong> is price near one of those levels now, or in the middle where nothing is decided?
        </li>
        <li>
          <strong>Plan:</strong> if you see a trade, write down the entry, the stop loss (where you are proven wrong)
          and the target (before the next level).
        </li>
        <li>
          <strong>Size:</strong> choose a position size so that hitting the stop costs no more than 1% of your account.
        </li>
        <li>
          <strong>Calendar:</strong> check for major news on either currency before you act.
        </li>
      </ol>

      <h2>Practise before you risk real money</h2>
      <p>
        Open a demo account with a regulated broker and trade it as if the money were real, with the same sizes and
        rules you would use live. Keep a journal of every trade. When your results are stable over a few months, move to
        a small live account and expect your emotions to behave differently once real money is involved.
      </p>
      <p>
        Tools can shorten the learning curve. With PipLens you can upload a screenshot of any chart and get its trend,
        an entry, a stop loss, a take profit and a position size for your capital, with the reasoning in plain words and
        the levels drawn on the chart. A good way to learn is to run through the routine above yourself, then compare
        your reading with the analysis. You can try it free for {TRIAL_DAYS} days without a payment card.
      </p>

      <h2>A word on risk</h2>
      <p>
        Trading currencies with leverage carries a high risk of losing money quickly, and most beginners lose at first.
        Never trade with money you need for living costs, never trade without a stop loss, and be deeply sceptical of
        anyone promising steady profits. Learn slowly, keep positions small, and treat your first months as paid
        education rather than a source of income.
      </p>
    </>
  );
}
