// The 3D view of one object: three.js renders the canonical URDF that urdf-loader reads
// (meshes fetched from this server), Z up as in the canonical convention. Joint values
// go through urdf-loader's joints, so <mimic> joints follow their leader — among them the
// J__pitch slide of a helical joint J, which moves the part by pitch * angle. Each link's
// <collision> geometry (meshes and primitives, what the engines collide) is loaded too and
// drawn on demand (setGeometry), over the visuals or instead of them.
import * as THREE from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { STLLoader } from 'three/examples/jsm/loaders/STLLoader.js';
import { OBJLoader } from 'three/examples/jsm/loaders/OBJLoader.js';
import URDFLoader from 'urdf-loader';

// The thumbnails' palette (matplotlib tab10), one colour per link.
const PALETTE = [0x1f77b4, 0xff7f0e, 0x2ca02c, 0xd62728, 0x9467bd,
                 0x8c564b, 0xe377c2, 0x7f7f7f, 0xbcbd22, 0x17becf];
// Collision geometry: one translucent colour, so it reads over the link colours.
const COLLISION_COLOR = 0xff3d00;
const COLLISION_OPACITY = { both: 0.45, collision: 0.8 };
const AXIS_COLORS = { revolute: 0xd32f2f, continuous: 0xf57c00, prismatic: 0x388e3c,
                      helical: 0x7b1fa2 };

export class Viewer {
  constructor(container) {
    this.container = container;
    this.renderCount = 0;
    this.meshErrors = [];
    this.renderer = new THREE.WebGLRenderer({ antialias: true, preserveDrawingBuffer: true });
    this.renderer.setPixelRatio(window.devicePixelRatio || 1);
    container.appendChild(this.renderer.domElement);
    this.scene = new THREE.Scene();
    this.scene.background = new THREE.Color(0xfafafa);
    this.camera = new THREE.PerspectiveCamera(40, 1, 0.01, 100);
    this.camera.up.set(0, 0, 1);
    this.scene.add(new THREE.HemisphereLight(0xffffff, 0x888888, 2.0));
    const sun = new THREE.DirectionalLight(0xffffff, 1.6);
    sun.position.set(2, -3, 4);
    this.scene.add(sun);
    this.controls = new OrbitControls(this.camera, this.renderer.domElement);
    this.controls.addEventListener('change', () => this.render());
    this.resizer = new ResizeObserver(() => this.resize());
    this.resizer.observe(container);
    this.axes = [];
    this.resize();
  }

  // Load the URDF at `url`; resolves with the robot once every mesh has loaded (a mesh
  // that fails is listed in `meshErrors` and not drawn).
  load(url) {
    const manager = new THREE.LoadingManager();
    const loader = new URDFLoader(manager);
    loader.parseCollision = true;
    loader.loadMeshCb = (path, mgr, material, done) => this.loadMesh(path, mgr, done);
    return new Promise((resolve, reject) => {
      let robot = null;
      manager.onLoad = () => {
        if (!robot) return;
        this.colorLinks(robot);
        this.styleColliders(robot);
        this.setGeometry(this.geometry || 'visual');
        this.fit();
        resolve(robot);
      };
      loader.load(url, (r) => {
        robot = r;
        this.robot = r;
        this.scene.add(r);
      }, undefined, (err) => reject(new Error(`cannot load ${url}: ${err.message || err}`)));
    });
  }

  loadMesh(path, manager, done) {
    const failed = (err) => {
      this.meshErrors.push(`${path}: ${err && err.message ? err.message : err}`);
      done(null, err);
    };
    if (/\.stl$/i.test(path)) {
      new STLLoader(manager).load(path, (geom) => done(new THREE.Mesh(geom)), undefined, failed);
    } else if (/\.obj$/i.test(path)) {
      new OBJLoader(manager).load(path, (group) => done(group), undefined, failed);
    } else {
      failed(new Error('not an .obj or .stl mesh (the canonical formats)'));
    }
  }

  // One colour per link, in link order, on every mesh of the link's own visuals.
  colorLinks(robot) {
    this.linkMeshes = {};
    Object.values(robot.links).forEach((link, k) => {
      const color = new THREE.Color(PALETTE[k % PALETTE.length]);
      const meshes = [];
      link.children.filter((c) => c.isURDFVisual).forEach((visual) => visual.traverse((o) => {
        if (o.isMesh) {
          o.material = new THREE.MeshPhongMaterial({ color, side: THREE.DoubleSide,
                                                     shininess: 20 });
          meshes.push(o);
        }
      }));
      this.linkMeshes[link.name] = meshes;
    });
  }

  // Every collision mesh gets one shared translucent material (never written to depth, so
  // visuals show through it).
  styleColliders(robot) {
    this.collisionMaterial = new THREE.MeshPhongMaterial({
      color: COLLISION_COLOR, side: THREE.DoubleSide, transparent: true,
      opacity: COLLISION_OPACITY.both, depthWrite: false, shininess: 10 });
    robot.traverse((o) => {
      if (o.isURDFCollider) o.traverse((m) => { if (m.isMesh) m.material = this.collisionMaterial; });
    });
  }

  // What is drawn: 'visual' (the default), 'both' (collision over the visuals) or
  // 'collision' (the collision geometry alone).
  setGeometry(mode) {
    if (!['visual', 'both', 'collision'].includes(mode)) throw new Error(`geometry: ${mode}`);
    this.geometry = mode;
    this.robot.traverse((o) => {
      if (o.isURDFVisual) o.visible = mode !== 'collision';
      if (o.isURDFCollider) o.visible = mode !== 'visual';
    });
    if (this.collisionMaterial && mode !== 'visual') {
      this.collisionMaterial.opacity = COLLISION_OPACITY[mode];
    }
    this.render();
  }

  // How many meshes are drawn, of the visuals and of the collision geometry (a mesh is
  // drawn when it and every ancestor are visible).
  drawnMeshes() {
    const out = { visual: 0, collision: 0 };
    const walk = (o, kind) => {
      if (!o.visible) return;
      const k = o.isURDFCollider ? 'collision' : (o.isURDFVisual ? 'visual' : kind);
      if (o.isMesh && k) out[k] += 1;
      o.children.forEach((c) => walk(c, k));
    };
    walk(this.robot, null);
    return out;
  }

  setJoint(name, value) {
    this.robot.setJointValue(name, value);
    this.render();
  }

  // Arrows along the moving joints' axes (joints: the row's joints), drawn over the parts.
  showAxes(joints, on) {
    this.axes.forEach((a) => a.removeFromParent());
    this.axes = [];
    if (on) {
      const size = this.size || 1;
      joints.filter((j) => j.type !== 'fixed').forEach((j) => {
        const joint = this.robot.joints[j.name];
        if (!joint) return;
        const arrow = new THREE.ArrowHelper(joint.axis.clone().normalize(),
                                            new THREE.Vector3(), 0.35 * size,
                                            AXIS_COLORS[j.type] || 0x000000,
                                            0.06 * size, 0.03 * size);
        arrow.traverse((o) => {
          if (o.material) { o.material.depthTest = false; o.renderOrder = 10; }
        });
        joint.add(arrow);
        this.axes.push(arrow);
      });
    }
    this.render();
  }

  // Emphasize the meshes of the named links (the part a slider moves); none: clear.
  highlight(linkNames) {
    const chosen = new Set(linkNames || []);
    Object.entries(this.linkMeshes || {}).forEach(([name, meshes]) => meshes.forEach((m) => {
      m.material.emissive.setHex(chosen.has(name) ? 0x333333 : 0x000000);
    }));
    this.render();
  }

  // Every link's pose in the object frame (column-major 4x4, three.js's order).
  linkPoses() {
    this.robot.updateMatrixWorld(true);
    const out = {};
    Object.entries(this.robot.links).forEach(([name, link]) => {
      out[name] = Array.from(link.matrixWorld.elements);
    });
    return out;
  }

  // The on-screen box (CSS pixels, canvas origin) of the named links' meshes.
  screenBox(linkNames) {
    this.robot.updateMatrixWorld(true);
    const rect = this.renderer.domElement.getBoundingClientRect();
    const box = { left: Infinity, top: Infinity, right: -Infinity, bottom: -Infinity };
    const v = new THREE.Vector3();
    linkNames.forEach((name) => (this.linkMeshes[name] || []).forEach((mesh) => {
      const pos = mesh.geometry.attributes.position;
      for (let i = 0; i < pos.count; i += 1) {
        v.fromBufferAttribute(pos, i).applyMatrix4(mesh.matrixWorld).project(this.camera);
        const x = (v.x + 1) / 2 * rect.width;
        const y = (1 - v.y) / 2 * rect.height;
        box.left = Math.min(box.left, x); box.right = Math.max(box.right, x);
        box.top = Math.min(box.top, y); box.bottom = Math.max(box.bottom, y);
      }
    }));
    return box;
  }

  fit() {
    const box = new THREE.Box3().setFromObject(this.robot);
    if (box.isEmpty()) box.set(new THREE.Vector3(-0.5, -0.5, 0), new THREE.Vector3(0.5, 0.5, 1));
    const center = box.getCenter(new THREE.Vector3());
    const radius = Math.max(box.getSize(new THREE.Vector3()).length() / 2, 1e-3);
    this.size = radius;
    const distance = radius / Math.sin(THREE.MathUtils.degToRad(this.camera.fov / 2)) * 1.2;
    const direction = new THREE.Vector3(0.5, -0.866, 0.45).normalize();
    this.camera.position.copy(center).addScaledVector(direction, distance);
    this.camera.near = distance / 100;
    this.camera.far = distance * 100;
    this.camera.updateProjectionMatrix();
    this.controls.target.copy(center);
    this.controls.update();
    if (!this.grid) {
      // a power of ten no wider than 5 radii: it stays in front of the camera, whose lines
      // crossing behind it SwiftShader drops
      const extent = Math.pow(10, Math.floor(Math.log10(radius * 5)));
      this.grid = new THREE.GridHelper(extent, 20, 0x999999, 0xd0d0d0);
      this.grid.rotation.x = Math.PI / 2;  // the XY plane: the floor of a Z-up object
      this.scene.add(this.grid);
    }
    this.render();
  }

  resize() {
    const w = this.container.clientWidth || 1;
    const h = this.container.clientHeight || 1;
    this.renderer.setSize(w, h, false);
    this.camera.aspect = w / h;
    this.camera.updateProjectionMatrix();
    this.render();
  }

  render() {
    this.renderer.render(this.scene, this.camera);
    this.renderCount += 1;
  }

  dispose() {
    this.resizer.disconnect();
    this.controls.dispose();
    this.renderer.dispose();
    this.renderer.domElement.remove();
  }
}
