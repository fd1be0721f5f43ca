export function AiForexTradingArticle() {
  return (
    <>
      <p>
        Artificial intelligence has arrived in almost every corner of retail trading. Brokers advertise AI signals,
        chart platforms add AI assistants, and social media is full of bots that promise to trade for you while you
        sleep. Some of these tools are useful. Many are marketing. This article explains what AI can realistically do
        for a forex trader, where it falls short, and how to use it without giving away the one thing that protects your
        account: your own judgement.
      </p>

      <h2>What "AI" means in a trading tool</h2>
      <p>The word covers very different things, and it helps to know which one you are looking at:</p>
      <ul>
        <li>
          <strong>Statistical models trained on price data.</strong> They look for relationships in past prices and use
          them to estimate what comes next. They are the engine of most automated trading systems, and they are only as
          good as the data and the testing behind them.
        </li>
        <li>
          <strong>Vision and language models.</strong> Large multimodal models can look at a chart image and describe it
          in words: the trend, the levels, a possible trade. They are flexible and fast, but they can also state things
          with great confidence that are simply not on the chart.
        </li>
        <li>
          <strong>Rule-based chart readers.</strong> Classic image processing and measurement: find the candles, read
          the numbers on the price axis, compute highs, lows and swing points. Less glamorous, but exact and repeatable.
        </li>
      </ul>
      <p>
        Good tools combine these. A language model is very good at turning facts into an explanation; a chart reader is
        very good at making sure those facts are true.
      </p>

      <h2>What AI chart analysis does well</h2>
      <p>
        <strong>Speed.</strong> Reading a chart properly takes time: identify the trend, mark the swing highs and lows,
        find the levels price reacted to, decide where a stop would be safe. An AI tool does a first pass in seconds.
        That frees you to spend your time on the part that needs a human: deciding whether the trade fits your plan.
      </p>
      <p>
        <strong>Consistency.</strong> People read the same chart differently on a good day and a bad day. After three
        losing trades most of us see buy signals everywhere, or nowhere. A model applies the same method to every chart,
        which makes it a useful check on your own mood.
      </p>
      <p>
        <strong>Structure.</strong> A good analysis is more than "buy" or "sell". It names the entry, the stop loss and
        the take profit, says how confident it is and why. Seeing every trade laid out the same way makes it much easier
        to compare ideas and to spot a weak one.
      </p>
      <p>
        <strong>Learning.</strong> For a beginner, an explanation of why a chart looks bullish, with the levels drawn on
        it, is a faster teacher than a textbook. Over time you start to see the same things before the tool tells you.
      </p>

      <h2>Where it falls short</h2>
      <p>Knowing the limits matters more than knowing the strengths, because the limits are where money is lost.</p>
      <ul>
        <li>
          <strong>A chart is not the whole market.</strong> A screenshot does not show the interest-rate decision due in
          an hour, a holiday that thins out liquidity, or the spread your broker charges at night. The analysis is only
          as wide as the picture.
        </li>
        <li>
          <strong>Models can invent numbers.</strong> A language model asked for an entry price may produce one that
          sounds right but sits far outside the range on the chart, or a stop loss on the wrong side of the entry. If
          nobody checks, that mistake becomes your order.
        </li>
        <li>
          <strong>The past is not a promise.</strong> Patterns that worked in a trending year fail in a choppy one. No
          model, however advanced, knows what the next candle will do. Any tool that claims a fixed win rate or
          guaranteed profit is selling something.
        </li>
        <li>
          <strong>It does not know you.</strong> Your capital, your tolerance for losses, how much time you can watch
          the screen: these decide which trade is right for you, and only you know them.
        </li>
      </ul>

      <h2>How PipLens approaches it</h2>
      <p>
        PipLens was built around the second problem in that list. Before any AI model sees your chart, PipLens's own
        chart engine reads the image: it finds the candles or bars, reads the numbers on the price axis, and works out
        the last price, the recent high and low and the levels where price turned. Those facts go to the AI models with
        your settings, and every answer that comes back is checked against them. An entry outside the chart's price
        range, a stop loss on the wrong side, or a take profit that does not match the risk/reward ratio you asked for
        is rejected.
      </p>
      <p>
        If no model gives an answer that passes those checks, PipLens does not make one up: it gives you the chart
        engine's own analysis, or tells you plainly that the chart could not be read. The position size is always
        calculated from the final levels and your capital, not taken from a model's text. And when the chart shows no
        clear direction, "wait" is a perfectly valid answer.
      </p>

      <h2>Using AI analysis sensibly</h2>
      <ol>
        <li>
          <strong>Treat it as a second opinion.</strong> Form your own view first, then compare. Where you disagree,
          look again at the chart to find out why.
        </li>
        <li>
          <strong>Check the numbers against the chart.</strong> Does the entry sit near the current price? Is the stop
          beyond a real swing high or low? Is the target before the next major level?
        </li>
        <li>
          <strong>Respect the confidence score.</strong> A low-confidence call is information too. It usually means the
          market is undecided, and undecided markets are where accounts bleed.
        </li>
        <li>
          <strong>Check the calendar.</strong> Before acting, look at the economic calendar for the two currencies in
          the pair. No chart reading survives a surprise central-bank decision.
        </li>
        <li>
          <strong>Size every trade for the loss, not the win.</strong> Decide how much you can lose if the stop is hit,
          and let that decide the position size.
        </li>
        <li>
          <strong>Keep a record.</strong> Save the analyses you act on and review them weekly. You will learn which
          setups suit you, and whether the tool helps you or not.
        </li>
      </ol>

      <h2>The bottom line</h2>
      <p>
        AI will not make anyone a profitable trader on its own, and it cannot remove the risk of trading currencies with
        leverage, where losses can be fast and large. What it can do is read charts quickly and consistently, explain
        what it sees, and catch the obvious mistakes we all make when tired or emotional. Used as an assistant whose
        answers you check, with strict risk control, it is a genuine help. Used as an oracle, it is just a faster way to
        lose money.
      </p>
    </>
  );
}
