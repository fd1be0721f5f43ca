export function EntryExitPointsArticle() {
  return (
    <>
      <p>
        Most beginners spend their energy on one question: should I buy or sell? Experienced traders spend at least as
        much time on three others: where exactly do I get in, where am I proven wrong, and where do I take the money? A
        trade with a sensible direction but a careless entry and a random stop loss is still a bad trade. This guide
        walks through a practical, structure-based way to choose all three.
      </p>

      <h2>Start with the bigger picture</h2>
      <p>
        Before looking for an entry, decide what the market is doing on a time frame above the one you trade. If you
        trade the one-hour chart, look at the four-hour or daily chart first. You are asking a simple question: is price
        making higher highs and higher lows (an uptrend), lower highs and lower lows (a downtrend), or moving between
        two boundaries (a range)?
      </p>
      <p>
        Trading in the direction of the larger trend does not guarantee anything, but it puts the wind at your back. A
        buy setup on the hourly chart is more convincing when the daily chart is also climbing, and a sell setup in the
        middle of a strong daily uptrend deserves extra caution.
      </p>

      <h2>Mark the levels that matter</h2>
      <p>
        Next, mark the price levels where the market has clearly reacted before: swing highs and lows, the edges of
        recent ranges, and areas where price paused several times. These are support (where buyers stepped in) and
        resistance (where sellers did). They matter because many traders watch the same places, so orders cluster there.
      </p>
      <p>
        Keep it to a handful of levels. A chart covered in lines tells you nothing. If you cannot see a level without
        squinting, the market probably cannot either.
      </p>

      <h2>Three common ways to enter</h2>
      <h3>1. The pullback entry</h3>
      <p>
        In a trend, price rarely moves in a straight line. It pushes, then pulls back, then pushes again. A pullback
        entry waits for price to retrace toward a level (previous resistance that has become support, for example, or a
        rising moving average) and enters when it shows signs of turning back in the trend's direction. You get a better
        price and a closer stop, at the cost of sometimes missing a move that never pulls back.
      </p>
      <h3>2. The breakout entry</h3>
      <p>
        When price has been compressed in a range, a decisive close beyond the boundary can start a new move. Breakout
        traders enter on that close. The risk is the false breakout, where price pokes through and snaps back. Waiting
        for a candle to close beyond the level, rather than reacting to the first tick through it, filters out some of
        these.
      </p>
      <h3>3. The retest entry</h3>
      <p>
        A compromise between the two: let the breakout happen, then wait for price to come back and test the broken
        level from the other side. If old resistance now holds as support, enter. Fewer trades, but often cleaner ones.
      </p>

      <h2>Placing the stop loss</h2>
      <p>
        The stop loss is where your trade idea is proven wrong. That is the key idea: it belongs at a place on the
        chart, not at a fixed number of pips you are comfortable losing.
      </p>
      <ul>
        <li>For a buy, place it below the most recent swing low or below the support level you are trading from.</li>
        <li>For a sell, place it above the most recent swing high or above the resistance level.</li>
        <li>
          Leave a small buffer beyond the level for the spread and for normal noise; levels are zones, not exact prices.
        </li>
        <li>Never move a stop further away once the trade is open. Moving it closer to lock in profit is fine.</li>
      </ul>
      <p>
        If the structurally correct stop is too far away for your account, the answer is a smaller position, not a
        tighter stop. A stop placed inside normal market noise is simply a slower way of losing.
      </p>

      <h2>Choosing the take profit</h2>
      <p>
        Look at where price is likely to meet resistance (for a buy) or support (for a sell) and aim just before it.
        Then check the risk/reward ratio: the distance to the target divided by the distance to the stop. A ratio of 2
        means you aim to make twice what you risk.
      </p>
      <p>
        If the next obvious level is closer than your minimum ratio allows, skip the trade. That single habit removes a
        large share of poor trades, because it stops you from buying right under resistance.
      </p>

      <h2>A worked example</h2>
      <p>
        Suppose EUR/USD is in an uptrend on the four-hour chart. On the one-hour chart, price has pulled back to 1.0850,
        a level that was resistance last week and has now held twice as support. A bullish candle closes at 1.0855.
      </p>
      <ul>
        <li>
          <strong>Entry:</strong> 1.0855, after the bullish close.
        </li>
        <li>
          <strong>Stop loss:</strong> 1.0825, below the pullback's swing low with a few pips of buffer: 30 pips of risk.
        </li>
        <li>
          <strong>Take profit:</strong> 1.0915, just below the recent high: 60 pips of reward.
        </li>
        <li>
          <strong>Risk/reward:</strong> 60 ÷ 30 = 2.
        </li>
      </ul>
      <p>
        Only now do you decide the position size, from the 30-pip stop and the amount you are willing to lose. Our risk
        management article shows how.
      </p>

      <h2>Managing the exit</h2>
      <p>
        Some traders take the whole position off at the target. Others close half there and move the stop to the entry
        price for the rest, so a reversal costs nothing. Either is fine; what matters is deciding before you enter, and
        not changing the plan because the trade makes you nervous or greedy.
      </p>

      <h2>Where PipLens fits</h2>
      <p>
        When you upload a chart, PipLens proposes an entry, a stop loss beyond the nearest structure and a take profit
        set for the risk/reward ratio you choose, and draws them on your chart. Use it as a checklist: does the stop sit
        beyond a real swing point, is the target before the next level, does the trade agree with the bigger picture? If
        your own reading and the analysis disagree, look again before risking anything.
      </p>

      <h2>A short checklist</h2>
      <ol>
        <li>What is the trend on the higher time frame?</li>
        <li>Which two or three levels matter on my chart?</li>
        <li>Which entry type am I using, and has it actually triggered?</li>
        <li>Is my stop where the idea is proven wrong, plus a buffer?</li>
        <li>Is the target before the next level, with a ratio of at least my minimum?</li>
        <li>Is the position sized so that a loss stays small?</li>
      </ol>
      <p>
        No method wins every time, and forex trading always carries the risk of loss. A clear plan for entries and exits
        will not remove that risk, but it keeps each loss small and each decision deliberate.
      </p>
    </>
  );
}
