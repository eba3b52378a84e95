// driver.cu - the Gunrock (essentials) peer driver: gunrock::bfs::run and gunrock::sssp::run on
// the device graph built from our CSR with gunrock's own CSR format and graph::build, behind the
// line protocol of peers/common/peer_driver.h. Each "run" reports the float that run() returns:
// Gunrock's event timer around its enactor (the frontier loop), as Gunrock times itself; the
// problem's allocation and reset inside run() lie outside it. Types: vertex and edge int (as
// Gunrock's examples), so m must fit in int32. SSSP distances are integers, exact: the weight
// type is int when (n-1) x max weight + max weight fits in int32, else long long (native
// atomicMin on both), never float. Usage:
//   gunrock-driver bfs|sssp GRAPH.bcsr [advance_load_balance=LB] [enable_filter=0|1]
//                  [filter_algorithm=FA (bfs)] [enable_uniquify=0|1 (sssp)]
#include <climits>
#include <cstdio>
#include <exception>
#include <iostream>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include <gunrock/algorithms/bfs.hxx>
#include <gunrock/algorithms/sssp.hxx>

#include "peer_driver.h"

// Every CUDA call of ours: on failure "error CALL failed at FILE:LINE: WHY" and exit.
#define PD_CUDA_CHECK(call)                                                                 \
  do {                                                                                      \
    cudaError_t pd_e_ = (call);                                                             \
    if (pd_e_ != cudaSuccess)                                                               \
      pd_die(GR_EXIT_CUDA, "%s failed at %s:%d: %s", #call, __FILE__, __LINE__,             \
             cudaGetErrorString(pd_e_));                                                    \
  } while (0)

using namespace gunrock;
using vertex_t = int;
using edge_t = int;

namespace {

struct Options {
  int algo = 0;  // 0 bfs, 1 sssp
  options_t gr;  // Gunrock's own defaults (advance block_mapped, no filter, no uniquify)
};

const struct {
  const char *name;
  operators::load_balance_t lb;
} kLoadBalance[] = {{"thread_mapped", operators::load_balance_t::thread_mapped},
                    {"block_mapped", operators::load_balance_t::block_mapped},
                    {"merge_path", operators::load_balance_t::merge_path},
                    {"merge_path_v2", operators::load_balance_t::merge_path_v2}};

const struct {
  const char *name;
  operators::filter_algorithm_t fa;
} kFilter[] = {{"predicated", operators::filter_algorithm_t::predicated},
               {"bypass", operators::filter_algorithm_t::bypass},
               {"remove", operators::filter_algorithm_t::remove}};

void ParseOption(Options &o, const char *arg) {
  const char *v;
  if ((v = pd_option(arg, "advance_load_balance"))) {
    for (const auto &e : kLoadBalance)
      if (strcmp(v, e.name) == 0) {
        o.gr.advance_load_balance = e.lb;
        return;
      }
    pd_die(GR_EXIT_INPUT, "option advance_load_balance=%s: want thread_mapped, block_mapped, "
           "merge_path or merge_path_v2", v);
  } else if ((v = pd_option(arg, "filter_algorithm")) && o.algo == 0) {
    for (const auto &e : kFilter)
      if (strcmp(v, e.name) == 0) {
        o.gr.filter_algorithm = e.fa;
        return;
      }
    pd_die(GR_EXIT_INPUT, "option filter_algorithm=%s: want predicated, bypass or remove", v);
  } else if ((v = pd_option(arg, "enable_filter")) && o.algo == 0) {
    o.gr.enable_filter = pd_option_int("enable_filter", v, 0, 1) != 0;
  } else if ((v = pd_option(arg, "enable_uniquify")) && o.algo == 1) {
    o.gr.enable_uniquify = pd_option_int("enable_uniquify", v, 0, 1) != 0;
  } else {
    pd_die(GR_EXIT_INPUT, "unknown option '%s' (gunrock %s takes advance_load_balance=LB%s)", arg,
           o.algo ? "sssp" : "bfs",
           o.algo ? ", enable_uniquify=0|1" : ", enable_filter=0|1, filter_algorithm=FA");
  }
}

// The device graph and the outputs of one algorithm with weight type W.
template <typename W>
struct State {
  using csr_t = format::csr_t<memory_space_t::device, vertex_t, edge_t, W>;
  using graph_type = decltype(graph::build<memory_space_t::device>(
      graph::graph_properties_t(), std::declval<csr_t &>()));

  Options opt;
  vertex_t n = 0;
  csr_t csr;         // owns the device arrays the graph views
  graph_type G;
  std::shared_ptr<gcuda::multi_context_t> context;
  thrust::device_vector<vertex_t> depth, pred;  // bfs
  thrust::device_vector<W> dist;                // sssp
  std::vector<int32_t> level;
  std::vector<int64_t> dist64;

  State(const pd_graph &pg, const Options &o) : opt(o), n(pg.n), csr(pg.n, pg.n, (edge_t)pg.m) {
    std::vector<edge_t> row(pg.row, pg.row + pg.n + 1);  // int64 -> int (m checked)
    thrust::copy(row.begin(), row.end(), csr.row_offsets.begin());
    thrust::copy(pg.col, pg.col + pg.m, csr.column_indices.begin());
    std::vector<W> w(pg.w, pg.w + pg.m);
    thrust::copy(w.begin(), w.end(), csr.nonzero_values.begin());
    graph::graph_properties_t props;
    props.directed = pg.directed != 0;
    props.symmetric = pg.directed == 0;
    props.weighted = true;
    G = graph::build<memory_space_t::device>(props, csr);
    context = std::make_shared<gcuda::multi_context_t>(0);
    if (o.algo == 0) {
      depth.resize(pg.n);
      pred.resize(pg.n);
      level.resize(pg.n);
    } else {
      dist.resize(pg.n);
      dist64.resize(pg.n);
    }
    PD_CUDA_CHECK(cudaDeviceSynchronize());
  }

  static int Run(void *ctx, int64_t root, double *ms, char *msg, size_t len, int *input) {
    State &s = *static_cast<State *>(ctx);
    if (root < 0) {
      *input = 1;
      snprintf(msg, len, "run %lld: bfs and sssp need a root vertex", (long long)root);
      return -1;
    }
    vertex_t src = static_cast<vertex_t>(root);
    s.context->get_context(0)->synchronize();
    if (s.opt.algo == 0) {
      bfs::param_t<vertex_t> param(src, s.opt.gr);
      bfs::result_t<vertex_t> result(s.depth.data().get(), s.pred.data().get());
      *ms = bfs::run(s.G, param, result, s.context);
    } else {
      sssp::param_t<vertex_t> param(src, s.opt.gr);
      sssp::result_t<vertex_t, W> result(s.dist.data().get(), nullptr, s.n);
      *ms = sssp::run(s.G, param, result, s.context);
    }
    s.context->get_context(0)->synchronize();
    PD_CUDA_CHECK(cudaGetLastError());
    return 0;
  }

  // Gunrock's "unreached" is the type's max: -1 for levels, INT64_MAX for distances.
  static int Answer(void *ctx, const void **data, size_t *bytes, char *, size_t) {
    State &s = *static_cast<State *>(ctx);
    if (s.opt.algo == 0) {
      thrust::copy(s.depth.begin(), s.depth.end(), s.level.begin());
      for (auto &d : s.level)
        d = d == std::numeric_limits<vertex_t>::max() ? -1 : d;
      *data = s.level.data();
      *bytes = s.level.size() * sizeof(int32_t);
      return 0;
    }
    std::vector<W> h(s.dist.size());
    thrust::copy(s.dist.begin(), s.dist.end(), h.begin());
    for (size_t v = 0; v < h.size(); v++)
      s.dist64[v] = h[v] == std::numeric_limits<W>::max() ? INT64_MAX : (int64_t)h[v];
    *data = s.dist64.data();
    *bytes = s.dist64.size() * sizeof(int64_t);
    return 0;
  }
};

template <typename W>
int Serve(pd_graph &pg, const Options &o, double t0) {
  State<W> s(pg, o);
  int32_t n = pg.n;
  pd_graph_free(&pg);
  pd_ops ops = {State<W>::Run, State<W>::Answer};
  return pd_serve(&s, &ops, n, pd_now_ms() - t0);
}

// int distances when no sum along a path (plus one more arc) can pass INT32_MAX, else long long.
bool FitsInt(const pd_graph &pg) {
  int32_t lo, hi;
  pd_weight_range(&pg, &lo, &hi);
  if (lo < 0)
    pd_die(GR_EXIT_INPUT, "sssp: negative arc weight %d", lo);
  return (double)pg.n * (double)hi <= (double)INT32_MAX;
}

}  // namespace

int main(int argc, char **argv) {
  std::cout.rdbuf(std::cerr.rdbuf());  // anything Gunrock prints goes to stderr
  if (argc < 3)
    pd_die(GR_EXIT_INPUT, "usage: gunrock-driver bfs|sssp GRAPH.bcsr [advance_load_balance=LB] "
           "[enable_filter=0|1] [filter_algorithm=FA] [enable_uniquify=0|1]");
  Options o;
  if (strcmp(argv[1], "bfs") == 0)
    o.algo = 0;
  else if (strcmp(argv[1], "sssp") == 0)
    o.algo = 1;
  else
    pd_die(GR_EXIT_INPUT, "algorithm '%s': gunrock-driver runs bfs or sssp", argv[1]);
  for (int i = 3; i < argc; i++)
    ParseOption(o, argv[i]);
  double t0 = pd_now_ms();
  pd_graph pg;
  char err[PD_MSG];
  if (pd_read_bcsr(argv[2], &pg, err, sizeof err) < 0)
    pd_die(GR_EXIT_INPUT, "%s", err);
  if (pg.m > INT_MAX)
    pd_die(GR_EXIT_INPUT, "%lld arcs: the Gunrock driver's edge type is int (at most %d)",
           (long long)pg.m, INT_MAX);
  bool wide = o.algo == 1 && !FitsInt(pg);  // input checks first, then the device
  int devices = 0;
  PD_CUDA_CHECK(cudaGetDeviceCount(&devices));
  try {
    return wide ? Serve<long long>(pg, o, t0) : Serve<int>(pg, o, t0);
  } catch (const std::exception &e) {
    pd_die(GR_EXIT_FAIL, "gunrock: %s", e.what());
  }
  return GR_EXIT_FAIL;
}
