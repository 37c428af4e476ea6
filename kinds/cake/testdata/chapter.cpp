// The chapter's birthday cake program (0x23, AcWing 168 / POJ 1190),
// instrumented: the listing's search, step by step, a counter for the calls
// of dfs and one for each of the text's five cuts, and each cut switchable.
//
// puzzlesat's native.CakeChapter is pinned against it: its tests build this
// file and compare the counts line by line.
//
//	chapter [-1] [-2] [-3] [-4] [-5] [max=N] < pairs
//
// reads pairs "N M" to the end of input, "-X" switching cut X off, and
// prints for each
//
//	AREA nodes=N 1=C 2=C 3=C 4=C 5=C
//
// where AREA is the least area (0 for no cake; "over" when the pair took
// more than max=N calls), N counts the calls of dfs,
// and each C the times the cut's condition ended a loop's iteration or a
// call that the puzzle's own rules (each layer narrower and lower than
// the one below, no more volume than is left) would have gone on with:
// (1), the order large to small, ends nothing and counts the layers it
// tried, in its order; (2) the radii and heights its bounds leave out of a
// loop's range; (3), (4) and (5) the calls they end. A cut that is off
// counts 0.
//
// Off, each cut gives way to what the search does without it: (1) radii
// and heights from small to large; (2) each from 1 up to what the layer
// below and the volume left allow (R*R <= N-V, R*R*H <= N-V); (3), (4) and
// (5) the call goes on.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

enum { C1, C2, C3, C4, C5, NCUTS };
static const char *names[NCUTS] = {"1", "2", "3", "4", "5"};
static bool on[NCUTS];
static long long nodes, cut[NCUTS];
static long long maxNodes = -1; // max=N: give up an instance past N calls
static bool over;               // it gave up

static const int INF = 1000000000;
static int n, m;
static int minv[25], mins[25];
static int r[25], h[25];
static int ans;

// isqrt is (int)sqrt(x) of the listing, exact.
static int isqrt(int x) {
	int s = (int)sqrt((double)x);
	while (s * s > x) s--;
	while ((s + 1) * (s + 1) <= x) s++;
	return s;
}

static void dfs(int u, int v, int s);

// loop runs the listing's two loops of layer u over [lo, hi] for the
// radius (j < 0) or the heights of radius i, in the order of cut 1.
static void heights(int u, int v, int s, int i);

static void radii(int u, int v, int s) {
	int hi = r[u + 1] - 1, rule = isqrt(n - v); // R*R*1 <= n-v
	if (rule < hi) hi = rule;
	int lo = 1;
	if (on[C2]) {
		int bound = isqrt((n - v) / u);
		int cutHi = hi < bound ? hi : bound;
		int kept = cutHi >= u ? cutHi - u + 1 : 0;
		int all = hi >= 1 ? hi : 0;
		cut[C2] += all - kept;
		hi = cutHi, lo = u;
	}
	if (on[C1]) {
		for (int i = hi; i >= lo; i--) heights(u, v, s, i);
	} else {
		for (int i = lo; i <= hi; i++) heights(u, v, s, i);
	}
}

static void heights(int u, int v, int s, int i) {
	int hi = h[u + 1] - 1, rule = (n - v) / i / i;
	if (rule < hi) hi = rule;
	int lo = 1;
	if (on[C2]) {
		int kept = hi >= u ? hi - u + 1 : 0;
		int all = hi >= 1 ? hi : 0;
		cut[C2] += all - kept;
		lo = u;
	}
	int j = on[C1] ? hi : lo, step = on[C1] ? -1 : 1;
	for (; lo <= j && j <= hi; j += step) {
		if (on[C1]) cut[C1]++;
		int t = 0;
		if (u == m) t = i * i;
		r[u] = i;
		h[u] = j;
		dfs(u - 1, v + i * i * j, s + t + 2 * i * j);
	}
}

static void dfs(int u, int v, int s) {
	nodes++;
	if (maxNodes >= 0 && nodes > maxNodes) over = true;
	if (over) return;
	if (!u) {
		if (v == n && s < ans) ans = s;
		return;
	}
	if (on[C3] && v + minv[u] > n) {
		cut[C3]++;
		return;
	}
	if (on[C4] && s + mins[u] >= ans) {
		cut[C4]++;
		return;
	}
	if (on[C5] && s + 2 * (n - v) / r[u + 1] >= ans) {
		cut[C5]++;
		return;
	}
	radii(u, v, s);
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
			fprintf(stderr, "usage: chapter [-1] [-2] [-3] [-4] [-5] [max=N] < pairs\n");
			return 2;
		}
		on[k] = false;
	}
	while (scanf("%d %d", &n, &m) == 2) {
		if (n < 1 || n > 10000 || m < 1 || m > 20) {
			fprintf(stderr, "chapter: N %d or M %d out of 1..10000 and 1..20\n", n, m);
			return 2;
		}
		for (int i = 1; i <= m; i++) {
			minv[i] = minv[i - 1] + i * i * i;
			mins[i] = mins[i - 1] + 2 * i * i;
		}
		r[m + 1] = h[m + 1] = INF;
		ans = INF;
		nodes = 0, over = false;
		memset(cut, 0, sizeof cut);
		dfs(m, 0, 0);
		if (over)
			printf("over nodes=%lld", nodes);
		else
			printf("%d nodes=%lld", ans == INF ? 0 : ans, nodes);
		for (int k = 0; k < NCUTS; k++) printf(" %s=%lld", names[k], cut[k]);
		printf("\n");
	}
	return 0;
}
