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

	"github.com/puzzlesat/puzzlesat/cnf"
)

// TestPortfolioRacersLimit counts the processes a portfolio of six
// programs keeps alive, every 2 ms, while it solves: one race alone, and
// three races at once on the one portfolio, as a batch solved in
// parallel shares it. Each program but the last fails, and the last
// answers, once the test has seen the racers all alive and lets them go
// on; the next one joins as each fails. No more are ever alive than the
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
			release := filepath.Join(dir, "release")
			var ms []Engine
			for i := range 5 {
				body := fmt.Sprintf("%s %s/started%d; %sexit 3", mustLook(t, "touch"), dir, i, waitFor(release))
				ms = append(ms, fakeProgram(t, fmt.Sprintf("fails%d", i), body, false))
			}
			ms = append(ms, fakeProgram(t, "answers", waitFor(release)+"printf 's SATISFIABLE\\nv -1 2 0\\n'; exit 10", false))
			p := newPortfolio("portfolio", ms, tc.racers)
			p.headStart, p.paced = 0, false // each joins as soon as a racer is free
			want := min(tc.racers, 6*tc.races)
			stop, reached := make(chan struct{}), make(chan struct{})
			most := make(chan int)
			go func() { most <- countLive(stop, want, reached) }()
			go func() {
				<-reached
				os.WriteFile(release, nil, 0o644)
			}()
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
			require.Equal(t, want, n, "the racers were all used")
			require.Len(t, p.slots, 0, "every slot given back")
		})
	}
}

// countLive returns the most children of this process alive (not
// zombies) at once, looking every 2 ms until stop is closed; it closes
// reached once it has seen want alive.
func countLive(stop <-chan struct{}, want int, reached chan<- struct{}) int {
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
		if n >= want && most < want {
			close(reached)
		}
		most = max(most, n)
		select {
		case <-stop:
			return most
		case <-tick.C:
		}
	}
}

// TestPortfolioJoinDelay: the second racer joins only when the delay
// rings: not at all when the first answers before it, and then when the
// first takes longer. The test rings the alarm itself, so that nothing
// rests on how long a process takes to start.
func TestPortfolioJoinDelay(t *testing.T) {
	for _, rings := range []bool{false, true} {
		t.Run(fmt.Sprintf("rings=%v", rings), func(t *testing.T) {
			dir := t.TempDir()
			marker, started := filepath.Join(dir, "joined"), filepath.Join(dir, "started")
			body := ": > " + started + "; printf 's SATISFIABLE\\nv -1 2 0\\n'; exit 10"
			if rings {
				body = ": > " + started + "; " + waitFor(marker) + "printf 's SATISFIABLE\\nv -1 2 0\\n'; exit 10"
			}
			first := fakeProgram(t, "first", body, false)
			second := fakeProgram(t, "second", fmt.Sprintf("%s %s; sleep 1000", mustLook(t, "touch"), marker), false)
			p := newPortfolio("portfolio", []Engine{first, second}, 2)
			p.paced = false
			hand := newHandAlarm()
			p.newAlarm = func() alarm { return hand }
			if rings {
				go func() {
					hand.waitArmed()
					for !exists(started) { // the first is running and waits for the second
						time.Sleep(time.Millisecond)
					}
					if exists(marker) {
						panic("the second joined before its delay rang")
					}
					hand.ring()
				}()
			}
			s := Config{Engine: p}.New(twoOfTwo())
			defer s.Close()
			st, err := s.Solve(context.Background())
			require.NoError(t, err)
			require.Equal(t, Sat, st)
			require.Equal(t, first.Name(), s.Stats().Winner())
			if rings {
				require.True(t, exists(marker), "the second joined")
			} else {
				require.False(t, exists(marker), "the second never started")
			}
		})
	}
}

// handAlarm is an alarm that rings when a test says: waitArmed returns
// once the race has set it, and ring rings it.
type handAlarm struct {
	c     chan time.Time
	armed chan struct{}
}

func newHandAlarm() *handAlarm {
	return &handAlarm{c: make(chan time.Time), armed: make(chan struct{}, 1)}
}

func (h *handAlarm) C() <-chan time.Time { return h.c }

func (h *handAlarm) Reset(time.Duration) {
	select {
	case h.armed <- struct{}{}:
	default:
	}
}

func (h *handAlarm) Stop() {}

func (h *handAlarm) waitArmed() { <-h.armed }

func (h *handAlarm) ring() { h.c <- time.Now() }

// exists reports whether path exists.
func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
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
// machine has a CPU free, and on a busy machine waits one delay more, up
// to patience times. The test rings the delays and reads the fake CPU
// clock itself: on the busy machine it rings patience times, and the
// second has not joined when the first answers.
func TestPortfolioWaitsForAFreeCPU(t *testing.T) {
	for _, busy := range []bool{false, true} {
		t.Run(fmt.Sprintf("busy=%v", busy), func(t *testing.T) {
			dir := t.TempDir()
			marker, answer := filepath.Join(dir, "joined"), filepath.Join(dir, "answer")
			first := fakeProgram(t, "first", waitFor(answer)+"printf 's SATISFIABLE\\nv -1 2 0\\n'; exit 10", false)
			second := fakeProgram(t, "second", fmt.Sprintf("%s %s; %s %s; sleep 1000", mustLook(t, "touch"), marker, mustLook(t, "touch"), answer), false)
			p := newPortfolio("portfolio", []Engine{first, second}, 2)
			hand := newHandAlarm()
			p.newAlarm = func() alarm { return hand }
			var clock cpuTime
			p.readCPU = func() (cpuTime, bool) { // 2 CPUs, each reading 1,000 ticks on
				clock.cpus, clock.total = 2, clock.total+1000
				if !busy {
					clock.idle += 500 // one CPU idle
				}
				return clock, true
			}
			go func() {
				hand.waitArmed()
				if !busy {
					hand.ring() // the second joins, and the first answers after it
					return
				}
				for range patience { // each ring finds the machine busy and waits again
					hand.ring()
					hand.waitArmed()
				}
				if exists(marker) {
					panic("the second joined on a busy machine")
				}
				os.WriteFile(answer, nil, 0o644)
			}()
			s := Config{Engine: p}.New(twoOfTwo())
			st, err := s.Solve(context.Background())
			s.Close()
			require.NoError(t, err)
			require.Equal(t, Sat, st)
			require.Equal(t, first.Name(), s.Stats().Winner())
			require.Equal(t, !busy, exists(marker), "the second joined only on the free CPU")
		})
	}
}
