package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/internal/ref/judgedata"
)

// TestProgressLine: the line fits the terminal, leaving the last column
// free, with the bar when there is room for it and the numbers alone when
// there is not.
func TestProgressLine(t *testing.T) {
	tests := []struct {
		columns int
		bar     bool
		want    string // a regexp the line matches
	}{
		{200, true, `^puzzlesat \[=+> +\]  45% 95/210 7\.92/s 12s, 15s left$`},
		{80, true, `^puzzlesat \[=+> +\]  45% 95/210 7\.92/s 12s, 15s left$`},
		{60, true, `^puzzlesat \[=+> +\]  45% 95/210 7\.92/s 12s, 15s left$`},
		{50, false, `^puzzlesat  45% 95/210 7\.92/s 12s, 15s left$`},
		{40, false, `^ 45% 95/210 7\.92/s 12s, 15s left$`},
		{20, false, `^95/210 15s left$`},
		{8, false, `^95/210$`},
		{3, false, `^$`},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprint(tc.columns), func(t *testing.T) {
			got := progressLine(95, 210, 12*time.Second, tc.columns)
			require.Regexp(t, tc.want, got)
			require.LessOrEqual(t, len(got), tc.columns-1)
			require.Equal(t, tc.bar, strings.Contains(got, "["), "bar in %q", got)
			if tc.bar {
				require.LessOrEqual(t, strings.Count(got, "=")+strings.Count(got, " "), barMax+10)
			}
		})
	}
	require.Contains(t, progressLine(210, 210, 12*time.Second, 200), "["+strings.Repeat("=", barMax)+"]", "a full bar has no arrow")

	// Without a total (the input goes on): the count, the rate, the time.
	for cols, want := range map[int]string{80: "puzzlesat 95 done 7.92/s 12s", 25: "95 done 7.92/s 12s", 10: "95 done", 3: ""} {
		require.Equal(t, want, progressLine(95, -1, 12*time.Second, cols), "%d columns", cols)
	}
}

// buffer is a terminal's byte stream, written by the bar's goroutine too.
type buffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *buffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

// take returns what was written since the last take.
func (b *buffer) take() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	s := b.b.String()
	b.b.Reset()
	return s
}

// barDraw is one drawing of the line, in place.
var barDraw = `\r[^\r\n]*3/10[^\r\n]*\x1b\[K`

// TestProgressShared: with stdout and stderr on one terminal, a message
// or a line of output erases the line, and the line comes back at once
// below it; a line of output is never cut by the bar.
func TestProgressShared(t *testing.T) {
	var term buffer
	p := startProgress(&term, known(10), func() int { return 80 })
	p.start = p.start.Add(-progressDelay) // as if the batch had run a while
	p.update(3)
	require.Regexp(t, "^"+barDraw+"$", term.take())

	p.write(&term, "puzzlesat: a message\n")
	require.Regexp(t, "^\r\x1b\\[Kpuzzlesat: a message\n"+barDraw+"$", term.take())

	out := p.pausing(&term)
	out.Write([]byte("12"))
	require.Empty(t, term.take(), "half a line is held back")
	out.Write([]byte("3\n45"))
	require.Regexp(t, "^\r\x1b\\[K123\n"+barDraw+"$", term.take())
	p.finish()
	require.Equal(t, "\r\x1b[K45", term.take(), "finish erases the line and writes what was held")
	p.update(4)
	out.Write([]byte("6\n"))
	require.Equal(t, "6\n", term.take(), "no line after finish")
}

// TestProgressTotalComesLater: while the input goes on the line counts
// without a total; once it ended, with the total, percent and bar.
func TestProgressTotalComesLater(t *testing.T) {
	var term buffer
	total, ended := 0, false
	p := startProgress(&term, func() (int, bool) { return total, ended }, func() int { return 80 })
	p.start = p.start.Add(-progressDelay)
	total = 5
	p.update(3)
	require.Regexp(t, `^\rpuzzlesat 3 done [0-9.]+/s [0-9.]+s\x1b\[K$`, term.take())
	total, ended = 10, true
	p.drawn = p.drawn.Add(-progressThrottle)
	p.update(4)
	require.Regexp(t, `^\rpuzzlesat \[=+> +\]  40% 4/10 `, term.take())
	p.finish()
}

// TestProgressNotShared: with stdout a file or a pipe, its writes go
// straight to it, and the line on stderr is drawn over in place, never
// erased but at the end.
func TestProgressNotShared(t *testing.T) {
	var term buffer
	p := startProgress(&term, known(10), func() int { return 80 })
	p.start = p.start.Add(-progressDelay)
	f, err := os.Create(filepath.Join(t.TempDir(), "stdout"))
	require.NoError(t, err)
	defer f.Close()
	for _, w := range []io.Writer{f, &checked{w: f}, &bytes.Buffer{}} {
		require.Same(t, w, p.writer(w), "%T is not the terminal", w)
	}
	for k := 1; k <= 3; k++ {
		p.update(k)
		p.drawn = p.drawn.Add(-progressThrottle)
	}
	p.finish()
	s := term.take()
	require.Equal(t, 1, strings.Count(s, "\r\x1b[K"), "erased once, at the end: %q", s)
	require.Equal(t, 3, strings.Count(s, "/10 "), "three draws: %q", s)
	require.True(t, strings.HasSuffix(s, "\r\x1b[K"), s)
}

// TestProgressInTerminal runs a batch in a real terminal (tmux) 40, 80
// and 200 columns wide, with stdout on the terminal and in a file, its
// input a FIFO that the test feeds itself: a unit of blocks at a time,
// each once the one before was answered, until the progress line shows
// (it counts without a total while the input goes on), then the rest,
// so that the batch runs as long as the line needs whatever the
// machine's speed. While it runs, the screen holds the output lines and
// at most one line of progress, as its last line, never wider than the
// terminal; at the end it holds the output alone, nothing left behind.
// With stdout in a file, the line is erased once, at the end.
func TestProgressInTerminal(t *testing.T) {
	bin := binary(t)
	unit := strings.TrimSuffix(judgedata.Read(t, judgedata.Path(t, "sticks", "gen_hard.in")), "0\n")
	unitAnswers := judgedata.Read(t, judgedata.Path(t, "sticks", "gen_hard.out"))
	line := regexp.MustCompile(`\b\d+ done\b|\b\d+/\d+\b`) // without a total, or with one

	for _, cols := range []int{40, 80, 200} {
		for _, toFile := range []bool{false, true} {
			name := fmt.Sprintf("%d columns, stdout to the terminal", cols)
			if toFile {
				name = fmt.Sprintf("%d columns, stdout to a file", cols)
			}
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				dir := t.TempDir()
				out, raw, fifo := filepath.Join(dir, "stdout"), filepath.Join(dir, "raw"), filepath.Join(dir, "in")
				require.NoError(t, syscall.Mkfifo(fifo, 0o600))
				cmd := fmt.Sprintf("%s solve sticks --jobs=1 < %s", bin, fifo)
				if toFile {
					cmd += " > " + out
				}
				cmd += "; echo __done__; sleep 60"
				tm := newTerminal(t, cols, cmd)
				pipeIn := openFIFO(t, fifo)
				tm.run("pipe-pane", "-o", "-t", "t", "cat > "+raw)

				// check looks at the screen, failing on anything but output
				// and a last line of progress; it reports whether the
				// line showed, and whether the command is done.
				check := func() (shown, done bool) {
					screen := tm.run("capture-pane", "-p", "-t", "t")
					rows := strings.Split(strings.TrimRight(screen, "\n"), "\n")
					last := len(rows) - 1
					for last >= 0 && strings.TrimSpace(rows[last]) == "" {
						last--
					}
					for i, r := range rows[:last+1] {
						r = strings.TrimRight(r, " ")
						switch {
						case line.MatchString(r):
							require.Equal(t, last, i, "the progress line is the last of the screen:\n%s", screen)
							require.LessOrEqual(t, len(r), cols-1, "the progress line fits:\n%s", screen)
							shown = true
						case r == "" || r == "__done__" || !toFile && regexp.MustCompile(`^\d+$`).MatchString(r):
						default:
							t.Fatalf("row %d is neither output nor the progress line (left behind, or wrapped):\n%s", i, screen)
						}
					}
					return shown, strings.Contains(screen, "__done__")
				}
				units := 0
				deadline := time.Now().Add(hang)
				for shown := false; !shown; {
					_, err := io.WriteString(pipeIn, unit)
					require.NoError(t, err)
					units++
					// The unit's last answer on the screen (it was answered),
					// or the line: with stdout in a file, the line alone.
					want := strings.Fields(unitAnswers)
					for {
						if shown, _ = check(); shown {
							break
						}
						if !toFile && strings.HasSuffix(strings.TrimRight(tm.run("capture-pane", "-p", "-t", "t"), "\n "), want[len(want)-1]) {
							break
						}
						if toFile && strings.Count(readFileOrEmpty(out), "\n") >= units*len(want) {
							break // flushed within moments of being ready
						}
						require.True(t, time.Now().Before(deadline), "the progress line never showed")
						time.Sleep(10 * time.Millisecond)
					}
				}
				_, err := io.WriteString(pipeIn, unit+"0\n")
				require.NoError(t, err)
				units++
				require.NoError(t, pipeIn.Close())
				for {
					if _, done := check(); done {
						break
					}
					require.True(t, time.Now().Before(deadline), "the batch has not ended:\n%s", tm.run("capture-pane", "-p", "-t", "t"))
					time.Sleep(50 * time.Millisecond)
				}
				answers := strings.Repeat(unitAnswers, units)

				all := tm.run("capture-pane", "-p", "-t", "t", "-S", "-", "-E", "-")
				var got []string
				for _, r := range strings.Split(all, "\n") {
					if r = strings.TrimRight(r, " "); r != "" {
						got = append(got, r)
					}
				}
				if toFile {
					require.Equal(t, []string{"__done__"}, got, "nothing left on the screen")
					require.Equal(t, answers, readFile(t, out))
					tm.run("kill-server") // which ends the pipe and its cat
					var stream string
					for end := time.Now().Add(hang); !strings.Contains(stream, "__done__") && time.Now().Before(end); {
						time.Sleep(20 * time.Millisecond)
						stream = readFile(t, raw)
					}
					require.Equal(t, 1, erasures(stream), "stderr's line erased once, at the end: %q", stream)
				} else {
					require.Equal(t, append(strings.Fields(answers), "__done__"), got, "the output, and nothing left behind")
				}
			})
		}
	}
}

// openFIFO opens a FIFO for writing, which waits for its reader, failing
// the test if none comes.
func openFIFO(t *testing.T, path string) *os.File {
	t.Helper()
	opened := make(chan *os.File, 1)
	go func() {
		f, err := os.OpenFile(path, os.O_WRONLY, 0)
		if err == nil {
			opened <- f
		}
	}()
	select {
	case f := <-opened:
		t.Cleanup(func() { f.Close() })
		return f
	case <-time.After(hang):
		t.Fatal("the command never opened its input")
		return nil
	}
}

// erasures counts the times a terminal's byte stream erases the line it
// is on: back to its first column, then erase to its end, or spaces.
func erasures(stream string) int {
	n := 0
	for _, s := range strings.Split(stream, "\r")[1:] {
		if strings.HasPrefix(s, "\x1b[K") || s != "" && strings.Trim(s, " ") == "" {
			n++
		}
	}
	return n
}

// known returns the total of a batch of n instances, known.
func known(n int) func() (int, bool) { return func() (int, bool) { return n, true } }
