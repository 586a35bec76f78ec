"""What the reference check (scripts/reference_verdicts.py, issue 41) found of the shipped
puzzles' answers against their runners-up: written by its ``prune`` command, do not edit.
``ROBUST`` ids won under every hand model x continuation policy pair; ``UNCLEAR`` ids were
checked, never clearly beaten, but not won under every pair; the other puzzles are not checked
yet. Puzzles whose answer was clearly beaten under some pair were retired from the set.
"""

from __future__ import annotations

MODELS = 2  # the hand models a robust answer won under (the uniform bound aside)
POLICIES = 6  # the continuation policies, in both seats
ROBUST = (
    "p2apilq p2azcad p2bl2pl p2bwfht p2cp476 p2emb5d p2j4sme p2l6jhv p2m3ig5 p2n65we p2stlta p2t7v3s "
    "p2tq7gm p2u4dbx p2vpdok p2yizy4 p2yqh6v p2yvcre p36zzva p3bmu4n p3df5uk p3espsc p3etdmi p3gngya "
    "p3gx3dl p3i2mdb p3keb5i p3kfe63 p3kk6jh p3mz4h3 p3n2g6w p3oerac p3pcwup p3pzmu4 p3toyp7 p3uc5o5 "
    "p3vdwpc p3wve36 p3ygygd p43ofvj p46fubo p4d72go p4fhar7 p4fxvp7 p4icjyz p4j7k64 p4jptnh p4kbuw4 "
    "p4kc2td p4n6ys6 p4nxvtq p4omwpy p4yez6u p4zls43 p53dl4f p55oos7 p56eeud p5glysc p5gmiqs p5jqrf4 "
    "p5kwpn5 p5nhuqv p5skiki p5uvycz p5uxs4b p5vslzj p5wzudn p5zetex p63asma p63vhrg p654cdl p67vmcv "
    "p6alon7 p6asuae p6evwae p6k3jik p6mokeg p6nhr3n p6nzzpi p6qkg7z p6uzhsw p6vypn6 p6wuah2 p6yjepe "
    "p724q5p p72zixi p77k7p6 p7a5fud p7d5fq5 p7hearb p7ikbzn p7k4mwo p7olorz p7qh6cm p7rcmfc p7s27rz "
    "p7sqtdy p7tcpkl p7u3245 p7xxhnx pa2i2w2 pa4pr3l padmwbz paghu6u pajfe2n pamka56 parj6cp pasxky4 "
    "patlpjz paurqph pb3sa4t pb4ktsc pb5krwz pb7dte6 pb7z77g pbagxt4 pbdubxq pbef5hx pbn63mv pbqgduy "
    "pbwjylw pby2w4c pbylbbd pc4xauj pc7lbvi pc7rw62 pccou44 pchrkwb pcir7ni pckjqsu pcmztbo pculldu "
    "pcvx2jk pcyp2kh pcytjgq pczhzxt pd2wgvm pd6lo23 pd72lf3 pda4xnc pdbh6xs pddsgkx pdfc27q pdg4srf "
    "pdk2iwr pdmo6lx pdopcdj pdq62cc pdrl5a7 pdtidbi pdtsw7j pdujvj7 pduljtz pdzr675 pe5qm44 pe6uxh2 "
    "pebfvlt pebhqq6 pefwsgu peilf4u pej63u4 peo6t52 pep54al pepejxv pet7s7r peuhbui pewakvw pexyaza "
    "pf33ogh pf6m7ct pf7z536 pfcavyr pfeetcg pfexmc5 pfk3xm7 pfk4psl pfp3zih pfsdefz pfxbtqv pg2uatc "
    "pg34fz7 pgfef3g pgjgwyp pgkfulj pgm4gby pgmfng2 pgmufqq pgo46u4 pgokbvt pgrok6m pgufr6x pgysmsa "
    "pgz7wdv ph24qg5 ph3nkmy ph44al2 ph4t6xn ph5qka7 pha7f7l phb7aq4 phbcm5o phblijl phcaaof phd3gue "
    "phjik4d phm4hsd phn42la photnux phpfpto phtmuys phwgkl5 pibzigj picujzn pigx2ze pihfnm7 pihp2u6 "
    "pijmwrv pilemcc pinuq52 pir4nso piruzat piuivxg piwepf5 piwydos piziqvg pj2znth pj7gkby pjbwqhc "
    "pjddmtm pjgxelp pjizysu pjk5wxf pjkuah6 pjraoiv pjsq7vh pju6k2u pjug2ns pjxihox pjxrs5b pk3wbtg "
    "pk5gag4 pka4zcf pkc4hdw pkco3nq pkcvhh3 pkicxjh pkighd4 pkijyqv pkkot55 pkna6wo pkouczx pkqzl37 "
    "pkrmir5 pkrpkck pkupri4 pkv3gsp pkwp2fh pkz7xh3 pl3i3tn plchbgg plfxh6e plgynm3 pliyim2 pliyykj "
    "pllptf4 plpctlc plpgww4 plrcr7n plweyxa pm4clqb pm6fqqg pmeqi24 pmgmv24 pmkwy3m pmm2da6 pmp447m "
    "pmse67w pmvr5cg pn5w2uk pn5zgbu pn6qk3d pnamudo pnlhxzo pnmkwlf pnnklt7 pnubvoc pnvv3m6 pnyuvi5 "
    "pnz5zwg po7r5wz po7v2qr pob2m4m poectdw polgn5o polryho pon5zac poo3rd6 poooh4k popixbi poppqzb "
    "poqfql5 pos4nbr pozl7hz pp3rone pp65unh pp6plvr pp6v5xn pp75nh7 ppa75mn ppcvme6 ppddshm ppfgngq "
    "ppg54wz ppi4elj ppil7mz ppkq5fz pppfsod ppwxiik ppzau4i ppzpkic pq33gtg pq3smdh pq4pivx pq5lpc4 "
    "pqbak3g pqbxfxd pqgu4wq pqjpbev pqmm5n3 pqshk55 pr22umx pr3hxfr pr4naoh prctx3j prdlffd prealni "
    "preav5r prfkpov prlrmpz prndobe prnexes pro6wc7 prqdyru prrabli prvd2km ps2butn ps7jy3f ps7tao5 "
    "psav5tk psdeio6 pse47dm psl3nqd psmcbqo psni44c psplacl pstn4bj psupj7w psvh7op pt4lp3a ptdsi3y "
    "ptfod6j ptgzbqw ptha5ab pti5jpg ptidggw ptiherp ptj3fp3 ptkyogz ptltrdd ptnz7oe ptnzz4d ptsognq "
    "ptu7w5r ptyoznr ptztnpm pu3rw23 pua54ae pucext3 pucrryv puet5gu pukjboa pukyung pul2mim punqzqx "
    "pur5j3n puruzpq put5lmt puwdtg7 puycsef puze66c pv4ma7u pv57svs pvdvcf7 pvi4rmv pvkpyk4 pvl5eyj "
    "pvq6m6f pvrat27 pvrzrfr pvspgbp pvsy37i pvtj4qp pvuolcf pvxwwud pvycxmr pw5cnoq pwa4nta pwbfjy4 "
    "pwbi3vx pwbnlol pwbpsgo pwdrqqc pwefrz4 pwlgiz6 pwmo7jl pwohd6n pwowwv6 pww4fvg pwweyb7 pwz6abh "
    "px4dzqx px5cz2i pxdd76t pxeqq7r pxjf5mn pxovw4x pxperba pxq52fl pxswmkf pxtlc63 pxv7c53 pxwssjv "
    "py4wpu3 py7vce2 pyam2gh pye6epd pyeuo7r pyf2n5n pyiexxn pyjin7w pykd6im pylralj pynjact pyocqb6 "
    "pyoork7 pypiojd pyq4flt pytab6z pytn7zh pytp7sh pywmao2 pyxd4gj pyyl4kl pyyqgic pz2boa7 pz33pib "
    "pz36atj pz5bzwb pz5iygn pz6jklr pz6sksg pz7epk4 pzbq2qp pzgaf4o pzgwyyt pzlyzlx pzmz4um pzqc76p "
    "pzse2cj pztfkfv pzu5xda pzxpaao"
)
UNCLEAR = (
    "p27oroh p2bfhhp p2hflok p2k7563 p2l7tug p2lrdim p2o633u p2xfx2p p3rb2wy p3xn7m3 p3zb6mh p4cfxnn "
    "p4jqtp6 p4vc6vm p4wg7o3 p4yvtr2 p53wjoj p54nmrh p55x2kq p5eowni p5ilf6e p5ir6ci p5jtbmo p5lx3ju "
    "p5vc4ni p5zmyq5 p64bywp p6bldtk p6gw3lu p6pjb7o p6t3fpj p6taxft p6ynuvb p7aqdep p7jacls p7kf447 "
    "p7ue22x p7v42ls p7w5rrj p7xg34j pa5yvvy paazl7p pami6zw paxtkzt pazzyfn pb5w26h pbw4rcr pbxvc7a "
    "pby42la pbz3chp pcca64c pce4n2d pce4srl pcylnrz pdakzcv pe6h3z5 pe6rtq7 pedycvs pehmqgq peiuedl "
    "pekq2cj peq4ksi pezaith pf7ohim pfjqgya pfmtdpa pftatrt pfutwnk pfvktu5 pg4ylus pgcsih6 pgi22nv "
    "pgmpzrv pgqiyml pgxu6bb pgzsxao ph4krdg phemaol phmbbnn phsy33g phuexah pi3clig pi4jazd pi7dhzk "
    "piepc6h piju6pg pj3pqas pj4om2e pj4xxo4 pjce6wu pjjc5ks pjnvkcl pjragpn pjvkw3p pk567cj pkbshdg "
    "pkeewd4 pkfkn76 pkfoexa pkglgis pki4fyi pkiinod pkitnbq pknomsm pko676g pkoo4fs pktal2v pkwx4d4 "
    "pl7yvfn pldhnmj plhxn4v pli66vq pllg3f3 pllikru ploqxxh pltwx6s ply5m5g pmqm7mp pmsl2rp pn5zdwp "
    "pnaaij3 pnb5i2t pncnsyz pnidfoh pnk5ssr pnttrau po7cdl2 pofq5xl pouldhb powvmkt poxbxq4 poxhezq "
    "poyhqgv pozia3s pp2ups6 pp4g7ea pp7m4qo ppqmppi pps3zvz pq32uqs pq36t23 pq5435p pq7cxnj pqjspyr "
    "pqxw72l pqzha5e pr2h5ey pr7cn5a prjqqaq prmmvty pryqhcf psobdgt psqjuqn pt3jbzw pt3pwu3 pta6i6p "
    "pthd4t2 ptntgqg pttye3n pu4gbml pu7j6lk pubaafv pugbqhl puqrss2 puuhnhv puy5wld puyxtfi pv4xm3v "
    "pvm2h3w pvmhac2 pvtvvpr pvx3kak pw24t4d pwm6wbb pwmbxee pwmyosp pwnw64y pwpef3d pwv4wj4 pwzunuk "
    "px2cdl6 pxdpakn pxkuiqe pxvdlag py2d6pq pydq6nq pyggbvz pyjn42t pylozwa pyqdawo pyt3kvi pyvfugg "
    "pyyxes5 pyz7liu pz2fc63 pzc4bxv pzfgoyx pzg6w2m pzieh7x"
)
