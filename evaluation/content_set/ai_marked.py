"""Generator-marked pictures: fake / ai_generated.

No registry package carries a generative model's output, so these pixels are synthetic in the plain
sense (rendered here from seeded noise, not captured by a camera), and the files carry the markers the
generators write, written the way they write them: AUTOMATIC1111's PNG tEXt `parameters` and its JPEG
and WebP EXIF UserComment, ComfyUI's PNG `prompt` and `workflow`, NovelAI's PNG `Software` and
`Comment`, and the IPTC DigitalSourceType `trainedAlgorithmicMedia` in XMP (Firefly, Imagen and others).
They test that a marked file is called fake; they say nothing about unmarked generated pictures.
"""
import io
import json
import random

import cv2
import numpy as np
from PIL import Image, PngImagePlugin

STYLES = ['a1111_png', 'comfyui_png', 'novelai_png', 'a1111_jpeg', 'a1111_webp', 'iptc_xmp_jpeg']
PROMPTS = ['a lighthouse on a rocky coast at sunset, photorealistic, 35mm', 'a mountain lake with pine trees, morning fog',
           'a street market in the rain, cinematic lighting', 'a red fox in a snowy forest, telephoto']


def render(rng, size):
    """A landscape-like picture from seeded value noise: sky gradient, ridges, soft blobs, fine grain."""
    state = np.random.RandomState(rng.randrange(2 ** 31))
    h = w = size
    y = np.linspace(0, 1, h, dtype=np.float32)[:, None, None]
    sky = (1 - y) * np.array(state.uniform(90, 220, 3), np.float32) + y * np.array(state.uniform(20, 120, 3), np.float32)
    picture = np.repeat(np.repeat(sky, w, axis=1), 1, axis=2)
    for octave, amplitude in ((4, 0.18), (16, 0.05), (64, 0.015)):
        ridge = cv2.resize(state.rand(1, octave).astype(np.float32), (w, 1), interpolation=cv2.INTER_CUBIC)[0]
        line = (0.45 + amplitude * (ridge - 0.5) * 4) * h
        below = (np.arange(h)[:, None] > line[None, :]).astype(np.float32)
        tint = np.array(state.uniform(10, 140, 3), np.float32)
        picture = picture * (1 - 0.55 * below[..., None]) + 0.55 * below[..., None] * tint
    for _ in range(6):
        blob = np.zeros((h, w), np.float32)
        cv2.circle(blob, (state.randint(w), state.randint(h)), state.randint(size // 20, size // 6), 1.0, -1)
        blob = cv2.GaussianBlur(blob, (0, 0), size / 40)[..., None]
        picture = picture * (1 - 0.5 * blob) + 0.5 * blob * np.array(state.uniform(0, 255, 3), np.float32)
    picture += cv2.GaussianBlur(state.randn(h, w, 3).astype(np.float32), (0, 0), 0.7) * 3
    return np.clip(picture + 0.5, 0, 255).astype(np.uint8)


def _a1111(prompt, seed, size):
    return (f'{prompt}\nNegative prompt: blurry, lowres, watermark\nSteps: 30, Sampler: DPM++ 2M Karras, CFG scale: 7, '
            f'Seed: {seed}, Size: {size}x{size}, Model hash: 31e35c80fc, Model: sd_xl_base_1.0, Version: v1.7.0')


def _user_comment(text):
    exif = Image.Exif()
    exif[0x8769] = {0x9286: b'UNICODE\0' + text.encode('utf-16-be')}  # what A1111 writes via piexif
    return exif.tobytes()


def _xmp(source_type):
    return ('<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>'
            '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">'
            '<rdf:Description rdf:about="" xmlns:Iptc4xmpExt="http://iptc.org/std/Iptc4xmpExt/2008-02-29/" '
            f'Iptc4xmpExt:DigitalSourceType="{source_type}"/></rdf:RDF></x:xmpmeta><?xpacket end="w"?>').encode()


def make(style, index):
    """(bytes, extension, note) of one marked picture."""
    rng = random.Random(f'ai/{style}/{index}')
    size = rng.choice([512, 768, 1024])
    seed = rng.randrange(10 ** 9)
    prompt = rng.choice(PROMPTS)
    image = Image.fromarray(render(rng, size))
    out = io.BytesIO()
    if style.endswith('_png'):
        info = PngImagePlugin.PngInfo()
        if style == 'a1111_png':
            info.add_text('parameters', _a1111(prompt, seed, size))
        elif style == 'comfyui_png':
            graph = {'3': {'class_type': 'KSampler', 'inputs': {'seed': seed, 'steps': 25, 'cfg': 6.5, 'sampler_name': 'euler'}},
                     '6': {'class_type': 'CLIPTextEncode', 'inputs': {'text': prompt}}}
            info.add_text('prompt', json.dumps(graph))
            info.add_text('workflow', json.dumps({'last_node_id': 9, 'nodes': [{'id': 3, 'type': 'KSampler'}], 'links': []}))
        else:
            info.add_text('Software', 'NovelAI')
            info.add_text('Comment', json.dumps({'prompt': prompt, 'steps': 28, 'sampler': 'k_euler_ancestral', 'seed': seed}))
        image.save(out, 'PNG', pnginfo=info)
        return out.getvalue(), 'png', f'{size}x{size}, {style}'
    if style == 'a1111_webp':
        image.save(out, 'WEBP', quality=90, exif=_user_comment(_a1111(prompt, seed, size)))
        return out.getvalue(), 'webp', f'{size}x{size}, EXIF UserComment with generation parameters'
    if style == 'a1111_jpeg':
        image.save(out, 'JPEG', quality=90, exif=_user_comment(_a1111(prompt, seed, size)))
        return out.getvalue(), 'jpg', f'{size}x{size}, EXIF UserComment with generation parameters'
    image.save(out, 'JPEG', quality=92)
    data = out.getvalue()
    xmp = b'http://ns.adobe.com/xap/1.0/\0' + _xmp('http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia')
    data = data[:2] + b'\xff\xe1' + (len(xmp) + 2).to_bytes(2, 'big') + xmp + data[2:]  # an XMP APP1 after SOI
    return data, 'jpg', f'{size}x{size}, XMP DigitalSourceType trainedAlgorithmicMedia'
