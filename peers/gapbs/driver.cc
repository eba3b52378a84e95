// driver.cc - the gapbs peer driver: gapbs's own kernels (DOBFS of bfs.cc, DeltaStep of sssp.cc,
// compiled in from the fetched source with their main() renamed) behind the line protocol of
// peers/common/peer_driver.h. The graph is built as gapbs builds every graph it reads (its
// SquishGraph: neighbours sorted, self-loops and repeated arcs dropped, the lightest kept; the
// inverse graph for directed inputs), then each "run" is timed with gapbs's Timer around exactly
// the kernel call, as its BenchmarkKernel does. Usage:
//   gapbs-driver bfs|sssp GRAPH.bcsr [threads=N] [delta=D (sssp)]
#include <omp.h>
#include <cstdio>
#include <iostream>
#include <limits>
#include <memory>
#include <string>

#include "benchmark.h"
#include "builder.h"
#include "command_line.h"
#include "graph.h"
#include "pvector.h"
#include "timer.h"

// gapbs's kernel files, each with its own main() renamed: the kernels come from the fetched
// source unchanged.
#define main gapbs_bfs_main
#include "bfs.cc"
#undef main
#define main gapbs_sssp_main
#include "sssp.cc"
#undef main

#include "peer_driver.h"

namespace {

// The CSR of pd_graph as gapbs's index/neighbour arrays (allocated with new[], as CSRGraph's
// destructor frees them). make(i) gives the DestID_ of arc i; transpose: the inverse graph.
template <typename DestID_, typename Make>
void MakeArrays(const pd_graph &pg, bool transpose, Make make, DestID_ ***index,
                DestID_ **neighs) {
  pvector<SGOffset> offsets(static_cast<size_t>(pg.n) + 1, 0);
  if (!transpose) {
    for (int64_t v = 0; v <= pg.n; v++)
      offsets[v] = pg.row[v];
  } else {
    for (int64_t i = 0; i < pg.m; i++)
      offsets[pg.col[i] + 1]++;
    for (int64_t v = 0; v < pg.n; v++)
      offsets[v + 1] += offsets[v];
  }
  *neighs = new DestID_[pg.m > 0 ? pg.m : 1];
  *index = CSRGraph<NodeID, DestID_>::GenIndex(offsets, *neighs);
  if (!transpose) {
    for (int64_t i = 0; i < pg.m; i++)
      (*neighs)[i] = make(i, pg.col[i]);
    return;
  }
  pvector<SGOffset> fill(offsets.begin(), offsets.end());
  for (int64_t u = 0; u < pg.n; u++)
    for (int64_t i = pg.row[u]; i < pg.row[u + 1]; i++)
      (*neighs)[fill[pg.col[i]]++] = make(i, static_cast<NodeID>(u));
}

// gapbs's graph from ours, squished by gapbs's own builder (as it squishes every graph it
// builds from an edge list).
template <typename DestID_, typename Make>
CSRGraph<NodeID, DestID_> MakeGraph(const pd_graph &pg, Make make) {
  DestID_ **out_index, *out_neighs, **in_index, *in_neighs;
  MakeArrays<DestID_>(pg, false, make, &out_index, &out_neighs);
  char name[] = "gapbs-driver";
  char *argv[] = {name, nullptr};
  CLBase cli(1, argv);  // BuilderBase reads its flags (all off: no symmetrize, no in-place)
  BuilderBase<NodeID, DestID_, WeightT> builder(cli);
  if (!pg.directed) {
    CSRGraph<NodeID, DestID_> raw(pg.n, out_index, out_neighs);
    return builder.SquishGraph(raw);
  }
  MakeArrays<DestID_>(pg, true, make, &in_index, &in_neighs);
  CSRGraph<NodeID, DestID_> raw(pg.n, out_index, out_neighs, in_index, in_neighs);
  return builder.SquishGraph(raw);
}

struct State {
  int algo = 0;  // 0 bfs, 1 sssp
  int32_t n = 0;
  WeightT delta = 1;  // gapbs's default (-d)
  WeightT heaviest = 0;  // the largest arc weight (sssp)
  Graph g;
  WGraph wg;
  int32_t root = 0;
  pvector<NodeID> parent;
  pvector<WeightT> dist;
  std::unique_ptr<int32_t[]> level, stack;
  std::unique_ptr<int64_t[]> dist64;
};

// gapbs's distances are int32 with kDistInf = INT32_MAX / 2, and a relaxation that would reach
// it is dropped, leaving the vertex "unreached". Checked after each run (untimed), soundly:
// DeltaStep relaxes arcs only out of the bucket it is settling, so every tentative distance it
// formed is below (the largest final distance) + delta + (the heaviest arc); and a vertex whose
// true distance is kDistInf or more has an in-neighbour u reached with dist[u] + w >= kDistInf.
// So when the largest reached distance + delta + the heaviest arc stays below kDistInf, no
// distance was cut off.
bool DistancesOverflowed(const State &s, char *msg, size_t len) {
  int64_t far = 0;
  for (int32_t v = 0; v < s.n; v++)
    if (s.dist[v] < kDistInf && s.dist[v] > far)
      far = s.dist[v];
  if (far + s.delta + s.heaviest < kDistInf)
    return false;
  snprintf(msg, len,
           "sssp from %d: distances reach %lld (+ delta %d + the heaviest arc %d), beyond gapbs's "
           "int32 distances (%d)", s.root, static_cast<long long>(far), s.delta, s.heaviest,
           kDistInf);
  return true;
}

int Run(void *ctx, int64_t root, double *ms, char *msg, size_t len, int *input) {
  State &s = *static_cast<State *>(ctx);
  if (root < 0) {
    *input = 1;
    snprintf(msg, len, "run %lld: bfs and sssp need a root vertex", (long long)root);
    return -1;
  }
  s.root = static_cast<int32_t>(root);
  Timer t;
  if (s.algo == 0) {
    t.Start();
    pvector<NodeID> parent = DOBFS(s.g, s.root);
    t.Stop();
    s.parent.swap(parent);
  } else {
    t.Start();
    pvector<WeightT> dist = DeltaStep(s.wg, s.root, s.delta);
    t.Stop();
    s.dist.swap(dist);
    if (DistancesOverflowed(s, msg, len))
      return -1;
  }
  *ms = t.Millisecs();
  return 0;
}

// The last answer in the protocol's form: bfs levels (from gapbs's parents), sssp int64.
int Answer(void *ctx, const void **data, size_t *bytes, char *msg, size_t len) {
  State &s = *static_cast<State *>(ctx);
  if (s.algo == 0) {
    if (pd_levels_from_parents(s.parent.data(), s.n, s.root, s.level.get(), s.stack.get(), msg,
                               len) < 0)
      return -1;
    *data = s.level.get();
    *bytes = sizeof(int32_t) * static_cast<size_t>(s.n);
    return 0;
  }
  for (int32_t v = 0; v < s.n; v++)
    s.dist64[v] = s.dist[v] >= kDistInf ? INT64_MAX : static_cast<int64_t>(s.dist[v]);
  *data = s.dist64.get();
  *bytes = sizeof(int64_t) * static_cast<size_t>(s.n);
  return 0;
}

// Negative weights, and an arc gapbs's int32 distances cannot hold, are refused up front; whether
// a run's distances stayed within them is checked after each run (DistancesOverflowed).
WeightT CheckWeights(const pd_graph &pg) {
  int32_t lo, hi;
  pd_weight_range(&pg, &lo, &hi);
  if (lo < 0)
    pd_die(GR_EXIT_INPUT, "sssp: negative arc weight %d", lo);
  if (hi >= kDistInf)
    pd_die(GR_EXIT_INPUT, "sssp: arc weight %d, beyond gapbs's int32 distances (%d)", hi,
           kDistInf);
  return hi;
}

void ParseOptions(State &s, int argc, char **argv) {
  for (int i = 3; i < argc; i++) {
    const char *v;
    if ((v = pd_option(argv[i], "threads")))
      omp_set_num_threads(static_cast<int>(pd_option_int("threads", v, 1, 4096)));
    else if ((v = pd_option(argv[i], "delta")) && s.algo == 1)
      s.delta = static_cast<WeightT>(pd_option_int("delta", v, 1, kDistInf));
    else
      pd_die(GR_EXIT_INPUT, "unknown option '%s' (gapbs %s takes threads=N%s)", argv[i],
             s.algo ? "sssp" : "bfs", s.algo ? ", delta=D" : "");
  }
}

}  // namespace

int main(int argc, char **argv) {
  std::cout.rdbuf(std::cerr.rdbuf());  // anything gapbs prints goes to stderr, not the protocol
  if (argc < 3)
    pd_die(GR_EXIT_INPUT, "usage: gapbs-driver bfs|sssp GRAPH.bcsr [threads=N] [delta=D]");
  State s;
  if (strcmp(argv[1], "bfs") == 0)
    s.algo = 0;
  else if (strcmp(argv[1], "sssp") == 0)
    s.algo = 1;
  else
    pd_die(GR_EXIT_INPUT, "algorithm '%s': gapbs-driver runs bfs or sssp", argv[1]);
  ParseOptions(s, argc, argv);
  double t0 = pd_now_ms();
  pd_graph pg;
  char err[PD_MSG];
  if (pd_read_bcsr(argv[2], &pg, err, sizeof err) < 0)
    pd_die(GR_EXIT_INPUT, "%s", err);
  s.n = pg.n;
  if (s.algo == 0) {
    s.g = MakeGraph<NodeID>(pg, [](int64_t, NodeID v) { return v; });
    s.level.reset(new int32_t[pg.n > 0 ? pg.n : 1]);
    s.stack.reset(new int32_t[pg.n > 0 ? pg.n : 1]);
  } else {
    s.heaviest = CheckWeights(pg);
    const int32_t *w = pg.w;
    s.wg = MakeGraph<WNode>(pg, [w](int64_t i, NodeID v) { return WNode(v, w[i]); });
    if (s.wg.num_edges_directed() == 0)  // DeltaStep's frontier has num_edges slots
      pd_die(GR_EXIT_INPUT, "sssp: gapbs's DeltaStep needs a graph with at least one arc");
    s.dist64.reset(new int64_t[pg.n > 0 ? pg.n : 1]);
  }
  pd_graph_free(&pg);
  pd_ops ops = {Run, Answer};
  return pd_serve(&s, &ops, s.n, pd_now_ms() - t0);
}
