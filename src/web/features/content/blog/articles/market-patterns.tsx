export function MarketPatternsArticle() {
  return (
    <>
      <p>
        A chart is a record of a tug of war between buyers and sellers. Patterns are the shapes that this struggle tends
        to leave behind. They are not magic and they fail often, but they are a compact way of describing who is in
        control and where that might change. This article covers the patterns worth knowing first, what each one says
        about the market, and how to trade them without expecting too much.
      </p>

      <h2>The most important pattern: trend structure</h2>
      <p>
        Before any named pattern, learn to see structure. In an <strong>uptrend</strong>, each swing high is higher than
        the last and each pullback stops above the previous low: higher highs and higher lows. In a
        <strong> downtrend</strong> the opposite holds: lower highs and lower lows. When neither is true and price
        bounces between a ceiling and a floor, the market is in a <strong>range</strong>.
      </p>
      <p>
        Structure tells you which trades to look for. In an uptrend, buying pullbacks makes sense. In a range, buying
        near the floor and selling near the ceiling can work, until the range breaks. The first sign that a trend is
        ending is usually a break in structure: an uptrend that makes a lower low, for example.
      </p>

      <h2>Support, resistance and the role reversal</h2>
      <p>
        Support is a price area where buying has repeatedly stopped a fall; resistance is where selling has stopped a
        rise. Once price breaks clearly through resistance, that level often becomes support on the way back down, and
        the reverse for broken support. This "role reversal" is one of the most reliable ideas in chart reading, and the
        basis of the retest entry.
      </p>

      <h2>Reversal patterns</h2>
      <h3>Double top and double bottom</h3>
      <p>
        A double top forms when price rises to a high, pulls back, rallies to roughly the same high again and fails.
        Buyers tried twice and could not push through. The pattern is confirmed when price breaks below the low between
        the two peaks, often called the neckline. A double bottom is the mirror image at the end of a fall. A common
        rough target is the height of the pattern projected from the neckline, but treat that as a guide, not a promise.
      </p>
      <h3>Head and shoulders</h3>
      <p>
        Three peaks, with the middle one (the head) higher than the two either side (the shoulders). It shows an uptrend
        losing strength: the last rally fails to make a new high. As with the double top, nothing is confirmed until the
        neckline, drawn through the lows between the peaks, breaks. The inverse version appears at the end of
        downtrends.
      </p>

      <h2>Continuation patterns</h2>
      <h3>Flags and pennants</h3>
      <p>
        After a sharp move, price often pauses in a small, tight consolidation that slopes gently against the trend (a
        flag) or narrows into a small triangle (a pennant). The market is catching its breath. A break out of the
        consolidation in the direction of the original move is the classic entry, with a stop on the other side of the
        pattern.
      </p>
      <h3>Triangles</h3>
      <p>
        Triangles form when the range between highs and lows narrows. An ascending triangle, with a flat top and rising
        lows, shows buyers becoming more aggressive against a fixed level of selling; it more often breaks upward. A
        descending triangle is the reverse. A symmetrical triangle only tells you that a larger move is building, not
        which way it will go.
      </p>

      <h2>Candlestick patterns</h2>
      <p>Individual candles and small groups of candles can show a shift in control at a key level:</p>
      <ul>
        <li>
          <strong>Pin bar:</strong> a small body with a long wick. A long lower wick at support shows that sellers
          pushed price down and buyers pushed it straight back.
        </li>
        <li>
          <strong>Engulfing candle:</strong> a candle whose body completely covers the previous one in the opposite
          direction. A bullish engulfing candle at support is a sign that buyers have taken over, at least for now.
        </li>
        <li>
          <strong>Doji:</strong> open and close almost equal. Indecision. After a long run it can warn that momentum is
          fading; in the middle of a range it means very little.
        </li>
        <li>
          <strong>Inside bar:</strong> a candle whose high and low sit within the previous candle's range. The market is
          compressing, and a break of the mother candle's high or low often starts the next move.
        </li>
      </ul>

      <h2>Context beats shape</h2>
      <p>
        The same pattern means very different things in different places. A pin bar at a major support level in an
        uptrend is worth attention; the same candle in the middle of nowhere is noise. Before trading any pattern, ask
        three questions:
      </p>
      <ol>
        <li>Where is it? Patterns at clear levels matter; patterns in empty space rarely do.</li>
        <li>
          Does it agree with the larger trend? Continuation patterns with the trend are generally more dependable.
        </li>
        <li>Has it been confirmed? Wait for the neckline break or the close beyond the pattern, not just the shape.</li>
      </ol>

      <h2>Trading patterns with care</h2>
      <ul>
        <li>Every pattern fails some of the time. Place a stop loss where the pattern would be invalidated.</li>
        <li>Projected targets are rough guides. Check them against the next support or resistance level.</li>
        <li>
          Do not force a pattern onto a chart. If you have to squint to see a head and shoulders, it is not there.
        </li>
        <li>
          Keep a record of the patterns you trade and how they end. Your own statistics are worth more than any textbook
          claim.
        </li>
      </ul>

      <h2>Pattern recognition in PipLens</h2>
      <p>
        When you upload a chart to PipLens, its chart engine measures the candles to find the swing highs and lows,
        judges whether the structure is rising, falling or flat, and marks the levels where price has turned. The
        analysis then explains what it sees in plain words, with the levels drawn on your chart. That makes it a useful
        practice partner: study the chart yourself, name the pattern you see, then compare with the analysis.
      </p>
      <p>
        Patterns help you describe the market and plan a trade with a defined risk. They do not predict the future, and
        forex trading always carries a real risk of loss. Used with a stop loss and sensible position sizes, they are
        one of the most practical tools a beginner can learn.
      </p>
    </>
  );
}
