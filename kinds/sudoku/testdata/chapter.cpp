// The chapter's 16x16 sudoku program (0x23, AcWing 169 / POJ 3076),
// instrumented: the listing's search, step by step, a counter for the calls
// of dfs and one for each of the text's five cuts, and each cut switchable.
//
// puzzlesat's native.SudokuChapter is pinned against it: its tests build
// this file and compare the counts and grids.
//
//	chapter [-1] [-2] [-3] [-4] [-5] [max=N] < grids
//
// reads grids of 16 lines of 16 letters A-P ('-' blank) to the end of input,
// "-X" switching cut X off, and prints for each the grid the search leaves
// and the line
//
//	nodes=N 1=C 2=C 3=C 4=C 5=C
//
// (starting with "over" when the grid took more than max=N calls),
// where N counts the calls of dfs and each C what the cut did: (1) the
// calls it ended on a cell without a letter and the cells it filled with
// their one letter; (2), (3) and (4), for rows, columns and boxes, the calls
// they ended on a letter without a place in the unit and the cells they
// filled with a letter that has one place; (5), an order that ends nothing,
// the cells it chose to branch on. A cut that is off counts 0.
//
// Off, (1) to (4) are not looked at, and (5) branches on the first blank
// cell, row by row.
#include <cstdio>
#include <cstdlib>
#include <cstring>

enum { C1, C2, C3, C4, C5, NCUTS };
static const char *names[NCUTS] = {"1", "2", "3", "4", "5"};
static bool on[NCUTS];
static long long nodes, cut[NCUTS];
static long long maxNodes = -1; // max=N: give up an instance past N calls
static bool over;               // it gave up

const int N = 16;
static int ones[1 << N], cnt_log[1 << N];
static int state[N][N];
static char str[N][N + 1];
static int bstate[N * N + 1][N][N];
static char bstr[N * N + 1][N][N + 1];

static inline int lowbit(int x) { return x & -x; }

// draw writes letter c (0 for A) at (x, y), as the listing's.
static void draw(int x, int y, int c) {
	str[x][y] = 'A' + c;
	for (int i = 0; i < N; ++i) {
		state[x][i] &= ~(1 << c);
		state[i][y] &= ~(1 << c);
	}
	int sx = x / 4 * 4, sy = y / 4 * 4;
	for (int i = 0; i < 4; ++i)
		for (int j = 0; j < 4; ++j) state[sx + i][sy + j] &= ~(1 << c);
	state[x][y] = 1 << c;
}

// cell returns the row and column of cell j of unit i of kind k: a row
// (cut 2), a column (cut 3) or a box (cut 4). The listing writes the three
// loops out; they differ only in these coordinates.
static void cell(int k, int i, int j, int *x, int *y) {
	switch (k) {
	case C2: *x = i, *y = j; break;
	case C3: *x = j, *y = i; break;
	default: *x = i / 4 * 4 + j / 4, *y = i % 4 * 4 + j % 4;
	}
}

// units runs the listing's cut 2, 3 or 4 over every unit of kind k; it
// reports false when a letter has no place in some unit.
static bool units(int k, int *cnt) {
	for (int i = 0; i < N; ++i) {
		int sor = 0, sand = (1 << N) - 1, drawn = 0;
		for (int j = 0; j < N; ++j) {
			int x, y;
			cell(k, i, j, &x, &y);
			int s = state[x][y];
			sand &= ~(sor & s);
			sor |= s;
			if (str[x][y] != '-') drawn |= state[x][y];
		}
		if (sor != (1 << N) - 1) {
			cut[k]++;
			return false;
		}
		for (int j = sand; j; j -= lowbit(j)) {
			int t = lowbit(j);
			if (!(drawn & t)) {
				for (int q = 0; q < N; ++q) {
					int x, y;
					cell(k, i, q, &x, &y);
					if (state[x][y] & t) {
						draw(x, y, cnt_log[t]);
						--*cnt;
						cut[k]++;
						break;
					}
				}
			}
		}
	}
	return true;
}

static bool dfs(int cnt) {
	nodes++;
	if (maxNodes >= 0 && nodes > maxNodes) over = true;
	if (over) return false;
	if (!cnt) return true;
	int kcnt = cnt;
	if (on[C1]) {
		for (int i = 0; i < N; ++i)
			for (int j = 0; j < N; ++j)
				if (str[i][j] == '-') {
					if (!state[i][j]) {
						cut[C1]++;
						return false;
					}
					if (ones[state[i][j]] == 1) {
						draw(i, j, cnt_log[state[i][j]]);
						--cnt;
						cut[C1]++;
					}
				}
	}
	for (int k = C2; k <= C4; k++)
		if (on[k] && !units(k, &cnt)) return false;
	if (!cnt) return true;
	int x = -1, y = -1, s = 100;
	for (int i = 0; i < N; ++i)
		for (int j = 0; j < N; ++j)
			if (str[i][j] == '-' && ones[state[i][j]] < s) {
				s = ones[state[i][j]];
				x = i, y = j;
				if (!on[C5]) s = -1; // the first blank cell
			}
	if (on[C5]) cut[C5]++;
	memcpy(bstate[kcnt], state, sizeof state);
	memcpy(bstr[kcnt], str, sizeof str);
	for (int i = state[x][y]; i; i -= lowbit(i)) {
		draw(x, y, cnt_log[lowbit(i)]);
		if (dfs(cnt - 1)) return true;
		memcpy(state, bstate[kcnt], sizeof state);
		memcpy(str, bstr[kcnt], sizeof str);
	}
	memcpy(state, bstate[kcnt], sizeof state);
	memcpy(str, bstr[kcnt], sizeof str);
	return false;
}

int main(int argc, char **argv) {
	for (int k = 0; k < NCUTS; k++) on[k] = true;
	for (int i = 1; i < argc; i++) {
		if (strncmp(argv[i], "max=", 4) == 0) {
			maxNodes = atoll(argv[i] + 4);
			continue;
		}
		int k = 0;
		while (k < NCUTS && (argv[i][0] != '-' || strcmp(argv[i] + 1, names[k]) != 0)) k++;
		if (k == NCUTS) {
			fprintf(stderr, "usage: chapter [-1] [-2] [-3] [-4] [-5] [max=N] < grids\n");
			return 2;
		}
		on[k] = false;
	}
	for (int i = 0; i < N; ++i) cnt_log[1 << i] = i;
	for (int i = 0; i < (1 << N); ++i)
		for (int j = i; j; j -= lowbit(j)) ++ones[i];
	while (scanf("%16s", str[0]) == 1) {
		for (int i = 1; i < N; ++i)
			if (scanf("%16s", str[i]) != 1) return 2;
		for (int i = 0; i < N; ++i)
			for (int j = 0; j < N; ++j) state[i][j] = (1 << N) - 1;
		int cnt = 0;
		for (int i = 0; i < N; ++i)
			for (int j = 0; j < N; ++j)
				if (str[i][j] != '-')
					draw(i, j, str[i][j] - 'A');
				else
					++cnt;
		nodes = 0, over = false;
		memset(cut, 0, sizeof cut);
		dfs(cnt);
		for (int i = 0; i < N; ++i) printf("%s\n", str[i]);
		printf("%snodes=%lld", over ? "over " : "", nodes);
		for (int k = 0; k < NCUTS; k++) printf(" %s=%lld", names[k], cut[k]);
		printf("\n");
	}
	return 0;
}
