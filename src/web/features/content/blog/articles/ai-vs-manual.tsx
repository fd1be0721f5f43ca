export function AiVsManualArticle() {
  return (
    <>
      <p>
        Should you read charts yourself or let an AI do it? The question is often framed as a contest, with enthusiasts
        on one side claiming machines see everything and sceptics on the other insisting that trading is an art no model
        can learn. Both camps miss the point. Manual and AI analysis are good at different things, and fail in different
        ways. Understanding those differences is how you get the best from each.
      </p>

      <h2>What manual analysis brings</h2>
      <p>
        <strong>Context.</strong> A person knows that the central bank meets tomorrow, that liquidity is thin before a
        holiday, that the pair has behaved strangely since an intervention last month. None of this is visible in a
        single chart screenshot.
      </p>
      <p>
        <strong>Judgement about quality.</strong> Experienced traders can tell a clean setup from a messy one at a
        glance: a tidy pullback to a level everyone is watching, as opposed to a market that is chopping around with no
        memory. That sense of "this one is worth it" is hard to capture in rules.
      </p>
      <p>
        <strong>Ownership.</strong> When you build the trade yourself, you understand it. You know which part of the
        idea would break first, and you tend to manage the position with more conviction and less panic.
      </p>
      <p>
        <strong>Its weaknesses.</strong> Manual analysis is slow, and it is inconsistent. Fatigue, boredom, a losing
        streak or a big win all change what we see. We notice evidence that agrees with the trade we already want and
        overlook what does not. Two people, or the same person on two different days, can draw very different lines on
        the same chart.
      </p>

      <h2>What AI analysis brings</h2>
      <p>
        <strong>Speed.</strong> An AI tool can read a chart, find its trend and levels and propose a full trade plan in
        seconds. If you follow several pairs on several time frames, that time saving is real.
      </p>
      <p>
        <strong>Consistency.</strong> The same chart gets the same method every time. The tool is not angry about
        yesterday's loss and not euphoric about today's win.
      </p>
      <p>
        <strong>Completeness.</strong> A good tool never forgets the stop loss, the target or the position size. It lays
        out each plan in the same structure, which makes weak plans easier to spot.
      </p>
      <p>
        <strong>Its weaknesses.</strong> An AI only knows what is in the image and what it learned before. It has no
        idea about upcoming news or your broker's spreads. Language models in particular can describe a chart fluently
        and still get the numbers wrong, for example by naming an entry price that is not on the chart. And a confident
        tone says nothing about whether the call is right.
      </p>

      <h2>Side by side</h2>
      <ul>
        <li>
          <strong>Speed:</strong> AI wins clearly. Seconds against minutes.
        </li>
        <li>
          <strong>Consistency:</strong> AI wins. People drift with mood and fatigue.
        </li>
        <li>
          <strong>Market context and news:</strong> people win. A screenshot cannot show a calendar.
        </li>
        <li>
          <strong>Exact numbers:</strong> it depends on the tool. A chart reader that measures the image is precise; a
          language model on its own may guess.
        </li>
        <li>
          <strong>Knowing your goals and limits:</strong> only you can do this.
        </li>
        <li>
          <strong>Learning:</strong> both help. A clear AI explanation teaches quickly; building trades yourself makes
          the lesson stick.
        </li>
      </ul>

      <h2>A workflow that uses both</h2>
      <ol>
        <li>
          <strong>Read the chart yourself first.</strong> Note the trend, the two or three key levels and whether you
          see a trade at all. Write it down, even in one line.
        </li>
        <li>
          <strong>Ask for the AI analysis.</strong> Upload the same chart and settings and read the result: trend,
          entry, stop, target, confidence and reasoning.
        </li>
        <li>
          <strong>Compare.</strong> Where you agree, your confidence can rise a little. Where you disagree, find out
          why. Did you miss a level? Did the tool ignore something you know about the market?
        </li>
        <li>
          <strong>Check the calendar and your risk rules.</strong> The final decision, and the position size, are yours.
        </li>
        <li>
          <strong>Record and review.</strong> Save the analysis and the outcome. After a few weeks you will know how
          often you and the tool agreed, and which of you was right when you did not.
        </li>
      </ol>
      <p>
        This order matters. If you look at the AI answer first, it anchors your thinking and you stop seeing the chart
        with your own eyes. Forming your view first keeps the AI in the role of a second opinion.
      </p>

      <h2>How to judge an AI analysis tool</h2>
      <ul>
        <li>Does it show its reasoning, or only a signal?</li>
        <li>Does it check its numbers against the chart, or could it hand you a price that is not there?</li>
        <li>Does it say when it is unsure, and does it ever recommend waiting?</li>
        <li>Does it include risk: a stop loss, a target and a position size?</li>
        <li>Does it avoid promises of profits or fixed win rates?</li>
      </ul>
      <p>
        PipLens was designed around these questions. Its chart engine reads the candles and the price axis before any AI
        model is asked; model answers whose entry, stop or target do not fit the chart are discarded; each result comes
        with a confidence score, the reasons behind it and a position size calculated from your capital. When the chart
        does not support a trade, the answer can be "wait".
      </p>

      <h2>So which should you trust?</h2>
      <p>
        Trust neither blindly. Manual analysis carries your biases; AI analysis carries its blind spots. Put them
        together, with your own risk rules in charge, and each covers much of the other's weakness. Remember too that no
        analysis, human or machine, can remove the risk of trading currencies: losses are part of every trading
        approach, and only position size decides how much each one costs.
      </p>
    </>
  );
}
