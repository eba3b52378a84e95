# bfs_do_model.py - a sequential model of bfs-do's control flow (kernels/bfs/bfs_do_levels.cuh):
# the ring of three records indexed by the barrier count, the queue index handed from epoch to
# epoch, the high-degree list, block 0's small-frontier levels and the thin group's levels (its
# own ring of three records, the first record of its next run handed over in `tbase`), the
# vertices without in-arcs pre-marked visited, and Beamer's switching (with the n/256 floor); compared with a
# plain BFS on random, path, star (+ self-loops), in-tree and grid graphs, directed and
# symmetric, from several roots and with alpha/beta/small/thin settings that force each path. It
# asserts that every counter a level accumulates into was cleared before (the ring protocol).
# It checks the protocol, not the kernel's concurrency (that is what tests/kernels/bfs and
# compute-sanitizer do on a GPU). Run: python3 tests/kernels/bfs/bfs_do_model.py [--small-limits]
# (--small-limits: kBig = 4 and kSmallArcs = 8 so every path is taken on small graphs).
import sys

import random
from collections import deque
KBIG, KSMALL = (4, 8) if "--small-limits" in sys.argv else (32, 1024)
TD=0; BU=1
def decide(dp,nf,nfp,mf,mu,n,al,be):
    if dp==TD: return BU if (mf*al>mu and mf*256>n) else TD
    return TD if (nf*be<n and nf<nfp) else BU
def blank(): return dict(q=0,b=0,mf=0,depth=0,dir=TD,nf_prev=0,qi=0,mu=0,tbase=0)
def bfs_do(n,row,col,trow,tcol,root,al,be,small,thin):
    level=[-1]*n; vis=[trow[v+1]==trow[v] for v in range(n)]   # no in-arcs: never reached
    qb=[[],[]]; bb=[[],[]]
    rec=[blank() for _ in range(3)]; trec=[blank() for _ in range(3)]
    level[root]=0; vis[root]=True
    deg=lambda v: row[v+1]-row[v]
    big=deg(root)>=KBIG
    (bb if big else qb)[0].append(root)
    rec[0].update(q=0 if big else 1,b=1 if big else 0,mf=deg(root),mu=len(col))
    def claim(d,depth,qo,bo,acc):
        if not vis[d]:
            vis[d]=True; level[d]=depth+1; acc['mf']+=deg(d)
            (bo if deg(d)>=KBIG else qo).append(d)
    def clear(r): r.update(q=0,b=0,mf=0)
    def cleared(r): return r['q']==0 and r['b']==0 and r['mf']==0
    k=0
    while True:
        cur=rec[k%3]; nxt=rec[(k+1)%3]
        q,b,mf,depth,dp,nfp,qi,tb=(cur[x] for x in ('q','b','mf','depth','dir','nf_prev','qi','tbase'))
        mu=cur['mu']-mf; nf=q+b
        assert len(qb[qi])==q and len(bb[qi])==b, (k,len(qb[qi]),q,len(bb[qi]),b)
        if nf==0: break
        d=TD if k==0 else decide(dp,nf,nfp,mf,mu,n,al,be)
        sm= small and d==TD and b==0 and mf<=KSMALL
        th= not sm and thin>0 and d==TD and mf<=thin
        clear(rec[(k+2)%3])
        if not sm and not th: nxt.update(depth=depth+1,dir=d,nf_prev=nf,qi=qi^1,mu=mu,tbase=tb)
        if sm:
            cq=qi; nfc=q; muc=mu; dc=depth
            while True:
                qo=qb[cq^1]=[]; bo=bb[cq^1]=[]; acc={'mf':0}
                for v in qb[cq][:nfc]:
                    for e in range(row[v],row[v+1]): claim(col[e],dc,qo,bo,acc)
                sq,sb,smf=len(qo),len(bo),acc['mf']; nfn=sq+sb; mun=muc-smf
                go= nfn>0 and sb==0 and smf<=KSMALL and decide(TD,nfn,nfc,smf,mun,n,al,be)==TD
                if not go:
                    nxt.update(q=sq,b=sb,mf=smf,depth=dc+1,dir=TD,nf_prev=nfc,qi=cq^1,mu=muc,tbase=tb); break
                cq^=1; nfc=nfn; muc=mun; dc+=1
        elif th:
            cq=qi; cqn,cbn=q,b; muc=mu; dc=depth; i=0
            while True:
                accr=trec[(tb+i)%3]; assert cleared(accr),(k,i)
                clear(trec[(tb+i+1)%3])
                nfc=cqn+cbn
                assert len(qb[cq])==cqn and len(bb[cq])==cbn
                qo=qb[cq^1]=[]; bo=bb[cq^1]=[]; acc={'mf':0}
                for v in qb[cq]+bb[cq]:
                    for e in range(row[v],row[v+1]): claim(col[e],dc,qo,bo,acc)
                accr['q']+=len(qo); accr['b']+=len(bo); accr['mf']+=acc['mf']
                q2,b2,mf2=accr['q'],accr['b'],accr['mf']; nf2=q2+b2; mu2=muc-mf2
                go= nf2>0 and mf2<=thin and decide(TD,nf2,nfc,mf2,mu2,n,al,be)==TD
                if not go:
                    nxt.update(q=q2,b=b2,mf=mf2,depth=dc+1,dir=TD,nf_prev=nfc,qi=cq^1,mu=muc,tbase=(tb+i+1)%3); break
                cq^=1; cqn,cbn=q2,b2; muc=mu2; dc+=1; i+=1
        else:
            assert cleared(nxt),k
            qo=qb[qi^1]=[]; bo=bb[qi^1]=[]; acc={'mf':0}
            if d==TD:
                for v in qb[qi]+bb[qi]:
                    for e in range(row[v],row[v+1]): claim(col[e],depth,qo,bo,acc)
            else:
                found=[]
                for v in range(n):
                    if vis[v]: continue
                    for e in range(trow[v],trow[v+1]):
                        if level[tcol[e]]==depth: found.append(v); break
                for v in found:
                    vis[v]=True; level[v]=depth+1; acc['mf']+=deg(v); (bo if deg(v)>=KBIG else qo).append(v)
            nxt['q']+=len(qo); nxt['b']+=len(bo); nxt['mf']+=acc['mf']
        k+=1
    return level
def csr(n,arcs):
    row=[0]*(n+1)
    for u,v in arcs: row[u+1]+=1
    for i in range(n): row[i+1]+=row[i]
    col=[0]*len(arcs); f=row[:-1].copy()
    for u,v in arcs: col[f[u]]=v; f[u]+=1
    return row,col
def ref(n,row,col,root):
    L=[-1]*n; L[root]=0; dq=deque([root])
    while dq:
        u=dq.popleft()
        for e in range(row[u],row[u+1]):
            if L[col[e]]<0: L[col[e]]=L[u]+1; dq.append(col[e])
    return L
random.seed(1)
cnt=0
for t in range(300):
    kind=t%5; n=random.choice([1,2,50,300,2000,5000])
    arcs=[]
    if kind==0: arcs=[(random.randrange(n),random.randrange(n)) for _ in range(4*n)]
    elif kind==1: arcs=[(i,i+1) for i in range(n-1)]
    elif kind==2: arcs=[(0,i) for i in range(1,n)]+[(i,i) for i in range(0,n,7)]
    elif kind==3: arcs=[(i,random.randrange(i)) for i in range(1,n)]
    else:
        s=int(n**0.5) or 1; n=s*s
        arcs=[(i*s+j,i*s+j+1) for i in range(s) for j in range(s-1)]+[(i*s+j,(i+1)*s+j) for i in range(s-1) for j in range(s)]
    sym=random.random()<0.6
    if sym: arcs=arcs+[(v,u) for u,v in arcs]
    row,col=csr(n,arcs); trow,tcol=csr(n,[(v,u) for u,v in arcs])
    for root in set([0,n-1,n//2]):
        for al,be,sm,th in [(15,18,1,65536),(15,18,0,0),(1000,1,1,0),(1,1000,0,65536),(2,2,1,16),
                            (1000,1,0,1<<30),(15,18,0,100)]:
            got=bfs_do(n,row,col,trow,tcol,root,al,be,sm,th); cnt+=1
            assert got==ref(n,row,col,root),(t,kind,n,root,al,be,sm,th)
print("ok",cnt)
