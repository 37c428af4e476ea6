//go:build linux

package solver

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/encode/cnf"
)

// TestPortfolioRacersLimit counts the processes a portfolio of six
// programs keeps alive, every 2 ms, while it solves: one race alone, and
// three races at once on the one portfolio, as a batch solved in
// parallel shares it. Each program but the last fails after a moment, so
// the next one joins; the last answers. No more are ever alive than the
// portfolio's racers, the racers are all used, and every program ran.
func TestPortfolioRacersLimit(t *testing.T) {
	for _, tc := range []struct {
		name          string
		racers, races int
	}{
		{"one race, 2 racers", 2, 1},
		{"one race, 3 racers", 3, 1},
		{"three races, 2 racers", 2, 3},
		{"one race, 1 racer", 1, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			var ms []Engine
			for i := range 5 {
				body := fmt.Sprintf("%s %s/started; sleep 0.25; exit 3", mustLook(t, "touch"), dir)
				ms = append(ms, fakeProgram(t, fmt.Sprintf("fails%d", i), body, false))
			}
			ms = append(ms, fakeProgram(t, "answers", "sleep 0.25; printf 's SATISFIABLE\\nv -1 2 0\\n'; exit 10", false))
			p := newPortfolio("portfolio", ms, tc.racers)
			p.headStart, p.paced = 0, false // each joins as soon as a racer is free
			stop := make(chan struct{})
			most := make(chan int)
			go func() { most <- countLive(stop) }()
			var wg sync.WaitGroup
			errs := make([]error, tc.races)
			for i := range tc.races {
				wg.Go(func() {
					s := Config{Engine: p}.New(twoOfTwo())
					defer s.Close()
					st, err := s.Solve(context.Background())
					if err == nil && (st != Sat || s.Stats().Winner() != ms[5].Name()) {
						err = fmt.Errorf("got %v from %s, want a model from the last", st, s.Stats().Winner())
					}
					errs[i] = err
				})
			}
			wg.Wait()
			close(stop)
			n := <-most
			for _, err := range errs {
				require.NoError(t, err)
			}
			require.LessOrEqual(t, n, tc.racers, "processes alive at once")
			require.Equal(t, min(tc.racers, 6*tc.races), n, "the racers were all used")
			require.Len(t, p.slots, 0, "every slot given back")
		})
	}
}

// countLive returns the most children of this process alive (not
// zombies) at once, looking every 2 ms until stop is closed.
func countLive(stop <-chan struct{}) int {
	most := 0
	tick := time.NewTicker(2 * time.Millisecond)
	defer tick.Stop()
	for {
		n := 0
		for _, pid := range children() {
			b, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "stat"))
			if i := bytes.LastIndexByte(b, ')'); err == nil && i >= 0 && i+2 < len(b) && b[i+2] != 'Z' {
				n++
			}
		}
		most = max(most, n)
		select {
		case <-stop:
			return most
		case <-tick.C:
		}
	}
}

// TestPortfolioJoinDelay: the second racer joins only after the delay:
// not at all when the first answers sooner, and once the delay has run
// out when the first takes longer.
func TestPortfolioJoinDelay(t *testing.T) {
	for _, tc := range []struct {
		name   string
		first  string
		delay  time.Duration
		joined bool
	}{
		// A delay far above what a process takes to start, even on a
		// loaded machine.
		{"the first answers in time", "printf 's SATISFIABLE\\nv -1 2 0\\n'; exit 10", 5 * time.Second, false},
		{"the first takes longer", "sleep 1; printf 's SATISFIABLE\\nv -1 2 0\\n'; exit 10", 200 * time.Millisecond, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			marker := filepath.Join(t.TempDir(), "joined")
			first := fakeProgram(t, "first", tc.first, false)
			second := fakeProgram(t, "second", fmt.Sprintf("%s %s; sleep 1000", mustLook(t, "touch"), marker), false)
			p := newPortfolio("portfolio", []Engine{first, second}, 2)
			p.headStart, p.paced = tc.delay, false
			s := Config{Engine: p}.New(twoOfTwo())
			defer s.Close()
			start := time.Now()
			st, err := s.Solve(context.Background())
			require.NoError(t, err)
			require.Equal(t, Sat, st)
			require.Equal(t, first.Name(), s.Stats().Winner())
			_, err = os.Stat(marker)
			if !tc.joined {
				require.ErrorIs(t, err, os.ErrNotExist, "the second never started")
				require.Less(t, time.Since(start), tc.delay)
				return
			}
			require.NoError(t, err, "the second joined")
			require.GreaterOrEqual(t, time.Since(start), tc.delay)
		})
	}
}

// twoOfTwo returns (1 ∨ 2) ∧ (¬1 ∨ 2), which the fakes' model "-1 2"
// satisfies.
func twoOfTwo() *cnf.CNF {
	f := cnf.New()
	a, b := f.Lit(), f.Lit()
	f.Add(a, b)
	f.Add(a.Not(), b)
	return f
}

// TestPortfolioWaitsForAFreeCPU: a racer due by the delay joins when the
// machine has a CPU free, and on a busy machine only after patience
// delays more, by which time the first has answered here.
func TestPortfolioWaitsForAFreeCPU(t *testing.T) {
	for _, busy := range []bool{false, true} {
		marker := filepath.Join(t.TempDir(), "joined")
		first := fakeProgram(t, "first", "sleep 0.6; printf 's SATISFIABLE\\nv -1 2 0\\n'; exit 10", false)
		second := fakeProgram(t, "second", fmt.Sprintf("%s %s; sleep 1000", mustLook(t, "touch"), marker), false)
		p := newPortfolio("portfolio", []Engine{first, second}, 2)
		p.headStart = 300 * time.Millisecond // the formula's few literals add next to nothing
		var clock cpuTime
		p.readCPU = func() (cpuTime, bool) { // 2 CPUs, each reading 1,000 ticks on
			clock.cpus, clock.total = 2, clock.total+1000
			if !busy {
				clock.idle += 500 // one CPU idle
			}
			return clock, true
		}
		s := Config{Engine: p}.New(twoOfTwo())
		st, err := s.Solve(context.Background())
		s.Close()
		require.NoError(t, err)
		require.Equal(t, Sat, st)
		_, err = os.Stat(marker)
		if busy {
			require.ErrorIs(t, err, os.ErrNotExist, "the second waited for a free CPU")
		} else {
			require.NoError(t, err, "the second joined on the free CPU")
		}
	}
}
