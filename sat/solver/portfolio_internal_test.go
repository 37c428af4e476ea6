package solver

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"puzzlesat/encode/cnf"
)

// BenchmarkPortfolioHeadStart solves many small formulas, as the
// digit-puzzle oracle asks, with the portfolio of gini and every known
// solver on PATH, the programs starting with gini or after a head start.
func BenchmarkPortfolioHeadStart(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	var fs []*cnf.CNF
	for range 50 {
		fs = append(fs, randomCNF(rng, 30, 120))
	}
	members := append([]Engine{Gini()}, Installed()...)
	for _, head := range []time.Duration{0, defaultHeadStart} {
		b.Run(head.String(), func(b *testing.B) {
			e := &portfolio{name: "portfolio", members: members, headStart: head}
			var st Stats
			for b.Loop() {
				for _, f := range fs {
					s := Config{Engine: e}.New(f)
					if _, err := s.Solve(context.Background()); err != nil {
						b.Fatal(err)
					}
					st.Add(s.Stats())
				}
			}
			b.ReportMetric(float64(st.Solves)/float64(b.N), "solves/op")
			b.Logf("winners: %s", st.Winner())
		})
	}
}
