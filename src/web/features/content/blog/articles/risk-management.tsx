export function RiskManagementArticle() {
  return (
    <>
      <p>
        Ask a group of traders who have lasted for years what matters most, and very few will name an indicator or a
        strategy. They will talk about risk: how much they lose when they are wrong. The reason is simple arithmetic.
        You can be right on most of your trades and still empty your account if the losing ones are large enough, and
        you can be wrong more often than right and still grow if your losses stay small. This article covers the core of
        risk management for forex traders: risk per trade, position size, stops, and the habits that keep you in the
        game.
      </p>

      <h2>The maths of losing</h2>
      <p>
        Losses and gains are not symmetrical. If your account drops by 10%, you need about 11% to get back to where you
        started. After a 25% loss you need 33%. After 50%, you need 100%, which means doubling what is left. Deep
        drawdowns are very hard to climb out of, so the first job of a trader is to avoid them.
      </p>
      <p>
        This is also why a string of losses, which every trader experiences, must not be able to do serious damage. If
        you risk 10% of the account per trade, five losses in a row (an ordinary event) remove about 41% of it. At 1%
        per trade, the same streak costs under 5%.
      </p>

      <h2>Rule one: decide the risk per trade</h2>
      <p>
        Pick a fixed percentage of your account that you are willing to lose on any single trade. Many traders use 1%,
        some up to 2%; beginners are wise to stay at the low end while they learn. On a 1,000-dollar account, 1% is 10
        dollars. That number, not the size of the move you hope for, is the starting point of every trade.
      </p>

      <h2>Rule two: size the position from the stop</h2>
      <p>
        Once you know where the stop loss belongs on the chart (beyond the structure that proves your idea wrong), the
        position size follows:
      </p>
      <p>
        <strong>position size = amount at risk ÷ (stop distance in pips × value of one pip per lot)</strong>
      </p>
      <p>
        For pairs quoted in US dollars, such as EUR/USD or GBP/USD, one pip is worth about 10 dollars on a standard lot
        (100,000 units), 1 dollar on a mini lot (10,000 units) and ten cents on a micro lot (1,000 units, written 0.01
        lots).
      </p>
      <p>Example: a 1,000-dollar account risking 1% per trade, with a stop 25 pips away on EUR/USD.</p>
      <ul>
        <li>Amount at risk: 10 dollars.</li>
        <li>Loss per micro lot if the stop is hit: 25 pips × ten cents = 2.50 dollars.</li>
        <li>Position size: 10 ÷ 2.50 = 4 micro lots, or 0.04 lots.</li>
      </ul>
      <p>
        Notice what happens when the stop has to be wider. With a 50-pip stop the same account trades 0.02 lots. The
        risk in money stays the same; the size adapts. That is the whole point: the chart decides the stop, your risk
        rule decides the money, and the position size connects them.
      </p>

      <h2>Rule three: respect risk/reward and win rate together</h2>
      <p>
        The risk/reward ratio compares what you aim to make with what you risk. It only means something together with
        your win rate. With a ratio of 1 you must win more than half your trades to make money after costs. With a ratio
        of 2 you break even at about one win in three. With a ratio of 3, about one in four.
      </p>
      <p>
        Higher ratios are not automatically better: targets far away are reached less often. Choose a ratio that fits
        the structure of the chart, and track your real win rate so that you know whether the combination works.
      </p>

      <h2>Leverage: the silent multiplier</h2>
      <p>
        Forex brokers offer leverage, which lets you control a large position with a small deposit. Leverage does not
        change the rules above; it only makes it easier to break them. If you size positions from your stop and your
        risk percentage, the leverage on offer hardly matters. If you size them by how much margin you have free,
        leverage is how accounts disappear in an afternoon.
      </p>

      <h2>Limits beyond the single trade</h2>
      <ul>
        <li>
          <strong>Correlated trades.</strong> Buying EUR/USD and GBP/USD at the same time is close to one larger bet
          against the dollar. Count correlated positions together when you add up your risk.
        </li>
        <li>
          <strong>A daily or weekly loss limit.</strong> Decide in advance that after, say, three losses or a 3% drop
          you stop for the day. Decisions made to win back losses are usually the worst ones.
        </li>
        <li>
          <strong>News.</strong> Spreads widen and prices jump around major announcements. A stop loss is not a
          guarantee of the exit price in a fast market; slippage can make a loss larger than planned.
        </li>
        <li>
          <strong>Costs.</strong> Spreads, commissions and overnight swaps add up, especially for short-term trading.
          Include them when you judge whether a strategy works.
        </li>
      </ul>

      <h2>Habits that protect an account</h2>
      <ol>
        <li>Place the stop loss when you open the trade, every time.</li>
        <li>Never widen a stop to avoid taking a loss.</li>
        <li>Never add to a losing position to "average down".</li>
        <li>Keep a journal: entry, stop, target, size, the reason for the trade and the result.</li>
        <li>Review the journal weekly and cut the setups that keep losing.</li>
        <li>Practise on a demo account or with the smallest size your broker allows until your results are stable.</li>
      </ol>

      <h2>How PipLens helps</h2>
      <p>
        Every PipLens analysis comes with a stop loss, a take profit set for the risk/reward ratio you choose, and
        position-sizing advice worked out from your capital and your usual lot size. The size is calculated from the
        final levels, not guessed by a model. Saving your analyses to your history gives you the start of a trading
        journal without extra work. None of this makes trading safe; it makes the risk visible before you take it.
      </p>

      <h2>The takeaway</h2>
      <p>
        You cannot control whether the next trade wins. You can control how much it costs you if it does not. Fix your
        risk per trade, let the chart set the stop, let arithmetic set the size, and keep every loss small enough that
        you can calmly take the next trade. Forex trading carries a high risk of loss, and no method removes it, but
        traders who manage it well give themselves the time to learn and improve.
      </p>
    </>
  );
}
