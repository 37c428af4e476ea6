package sat

import (
	"context"
	"testing"
	"time"

	"puzzlesat/internal/digitbrute"
)

// BenchmarkPortfolioHeadStart solves the digit-puzzle statement sample
// with the portfolio of gini and every known solver on PATH, the programs
// starting with gini or after a head start.
func BenchmarkPortfolioHeadStart(b *testing.B) {
	ps, _ := digitbrute.Sample(b)
	members := append([]Engine{Gini()}, Installed()...)
	for _, head := range []time.Duration{0, defaultHeadStart} {
		b.Run(head.String(), func(b *testing.B) {
			e := &portfolio{name: "portfolio", members: members, headStart: head}
			var st Stats
			for b.Loop() {
				for _, p := range ps {
					_, s, err := Digit(context.Background(), p, Config{Engine: e})
					if err != nil {
						b.Fatal(err)
					}
					st.Add(s)
				}
			}
			b.ReportMetric(float64(st.Solves)/float64(b.N), "solves/op")
			b.Logf("winners: %s", st.Winner())
		})
	}
}
