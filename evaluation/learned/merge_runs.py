"""Merges heldout-eval.sh's five fold runs into one run folder: every result line, numbered anew (a run
keeps one line per index), and fold 0's run description pointing at the whole manifest.

  /usr/bin/python3 evaluation/learned/merge_runs.py RUN_DIR MANIFEST MODELS_DIR
"""
import hashlib
import json
import sys

run, manifest, models = sys.argv[1:4]
with open(f'{run}/results.jsonl', 'w') as out:
    index = 0
    for k in range(5):
        for line in open(f'{run}/fold-{k}/results.jsonl'):
            if line.strip():
                item = json.loads(line)
                item['index'] = index
                index += 1
                out.write(json.dumps(item) + '\n')
description = json.load(open(f'{run}/fold-0/run.json'))
description['manifest'] = manifest
description['manifest_sha256'] = hashlib.sha256(open(manifest, 'rb').read()).hexdigest()
description['learned_models'] = {f'fold-{k}': hashlib.sha256(open(f'{models}/fold-{k}.onnx', 'rb').read()).hexdigest()
                                 for k in range(5)}
description['note'] = ('held out: each fold scored by the learned model trained on the other folds '
                       '(evaluation/learned/heldout-eval.sh); five runs merged')
json.dump(description, open(f'{run}/run.json', 'w'), indent=2)
print(f'{run}: {index} items')
